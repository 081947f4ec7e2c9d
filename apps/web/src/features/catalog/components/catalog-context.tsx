import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext } from 'react';

/** What every result needs to know about the user and the search, without passing it through each level. */
export type CatalogContextValue = {
  /** The user may fill a cart (permitirCompras). */
  canBuy: boolean;
  /** The plate search that chose the vehicle: sent with the cart line (spec: logid). */
  searchLogId: number | undefined;
  /** Messages inside the themed, localised tree. */
  notify: MessageInstance;
};

const CatalogContext = createContext<CatalogContextValue>({ canBuy: false, searchLogId: undefined, notify: message });

export const CatalogProvider = CatalogContext.Provider;

export function useCatalogContext(): CatalogContextValue {
  return useContext(CatalogContext);
}
