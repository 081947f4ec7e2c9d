import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/**
 * The portal's events for the ERP (issue 23, "Out: events"; decision 0059): written in the transaction of the change
 * they announce, read from the pull feed or received as Standard Webhooks. Field names are the ERP's, as the spec
 * names them (SALESID, CUSTACCOUNT, ...); money is a decimal string with 2 decimals, in euros.
 */
export const INTEGRATION_EVENT_TYPES = [
  'web_order.created',
  'payment.confirmed',
  'refund.decided',
  'client.change_requested',
] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

/** Events a page of the feed answers by default, and at most. */
export const EVENTS_PAGE_DEFAULT = 100;
export const EVENTS_PAGE_MAX = 1000;

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const webOrderLine = z.object({
  LINENUM: z.number().int().describe('Line number, from 1.'),
  ITEMID: z.string().describe('The article’s reference.'),
  ITEMNAME: z.string(),
  QTY: z.number().int(),
  LISTPRICE: money.describe('List price per unit (PV1D).'),
  SALESPRICE: money.describe('The client’s net price per unit.'),
  LINEAMOUNT: money.describe('Net amount of the line (SALESPRICE × QTY).'),
});

export const webOrderCreatedData = z
  .object({
    Id: z.number().int().describe('The web order’s id (SALESID 41PW + 7 digits once imported).'),
    CUSTACCOUNT: z.string(),
    USERNAME: z.string().nullable().describe('The portal user who ordered.'),
    JUMCREATEDDATE: z.string().describe('When it was ordered (ISO 8601).'),
    INVENTLOCATIONID: z.string(),
    INVENTLOCATIONNAME: z.string(),
    DELIVERYDATE: day,
    DELIVERYNAME: z.string(),
    DELIVERYSTREET: z.string().nullable(),
    DELIVERYCITY: z.string().nullable(),
    DELIVERYZIPCODE: z.string().nullable(),
    DELIVERYCOUNTRYREGIONID: z.string().nullable(),
    CUSTOMERREF: z.string(),
    JUMSALESOBS: z.string().describe('The customer’s remarks.'),
    DLVMODE: z.string(),
    DLVMODENAME: z.string(),
    PAYMENTMETHODNAME: z.string(),
    MEDIO_COD: z.number().int().describe('0 web, 1 third party.'),
    CURRENCYCODE: z.literal('EUR'),
    LISTAMOUNT: money,
    NETAMOUNT: money.describe('Net amount before VAT.'),
    VATRATE: z.string().nullable().describe('VAT rate in percent ("21.00"); null when the store charges no card.'),
    VATAMOUNT: money.nullable(),
    TOTALAMOUNT: money.nullable().describe('Net amount plus VAT (what a card charged).'),
    PAYMENTREFERENCE: z
      .string()
      .nullable()
      .describe('The card payment’s order number (Ds_Order) when paid by card, else null.'),
    LINES: z.array(webOrderLine),
  })
  .meta({
    id: 'WebOrderCreatedEvent',
    example: {
      Id: 1042,
      CUSTACCOUNT: 'C00001',
      USERNAME: 'buyer',
      JUMCREATEDDATE: '2026-11-26T10:15:00.000Z',
      INVENTLOCATIONID: 'A01',
      INVENTLOCATIONNAME: 'Madrid Centro',
      DELIVERYDATE: '2026-11-27',
      DELIVERYNAME: 'Talleres Pérez',
      DELIVERYSTREET: 'Calle Mayor 1',
      DELIVERYCITY: 'Madrid',
      DELIVERYZIPCODE: '28013',
      DELIVERYCOUNTRYREGIONID: 'ES',
      CUSTOMERREF: 'OT-5521',
      JUMSALESOBS: '',
      DLVMODE: 'RUTA',
      DLVMODENAME: 'Ruta',
      PAYMENTMETHODNAME: 'Tarjeta',
      MEDIO_COD: 0,
      CURRENCYCODE: 'EUR',
      LISTAMOUNT: '120.00',
      NETAMOUNT: '84.00',
      VATRATE: '21.00',
      VATAMOUNT: '17.64',
      TOTALAMOUNT: '101.64',
      PAYMENTREFERENCE: '2611A0001234',
      LINES: [
        {
          LINENUM: 1,
          ITEMID: 'BRK-0001',
          ITEMNAME: 'Disco de freno',
          QTY: 2,
          LISTPRICE: '60.00',
          SALESPRICE: '42.00',
          LINEAMOUNT: '84.00',
        },
      ],
    },
  });

export const paymentConfirmedData = z
  .object({
    PAYMENTREFERENCE: z.string().describe('The payment’s order number at the card payment page (Ds_Order).'),
    SALESTABLEID: z.number().int().describe('The cart the payment is for; its web orders follow as web_order.created.'),
    CUSTACCOUNT: z.string(),
    AMOUNT: money,
    CURRENCYCODE: z.literal('EUR'),
    AUTHORISATIONCODE: z.string().nullable(),
    CONFIRMEDAT: z.string().describe('When the bank’s answer was recorded (ISO 8601).'),
  })
  .meta({
    id: 'PaymentConfirmedEvent',
    example: {
      PAYMENTREFERENCE: '2611A0001234',
      SALESTABLEID: 311,
      CUSTACCOUNT: 'C00001',
      AMOUNT: '101.64',
      CURRENCYCODE: 'EUR',
      AUTHORISATIONCODE: '123456',
      CONFIRMEDAT: '2026-11-26T10:14:58.000Z',
    },
  });

export const refundDecidedData = z
  .object({
    Id: z.number().int().describe('The refund’s id.'),
    CUSTACCOUNT: z.string(),
    INVENTLOCATIONID: z.string().nullable(),
    Fecha_Peticion: z.string().describe('When the customer asked (ISO 8601).'),
    OBSERVATIONS: z.string(),
    Direccion_Usuario: z.string().nullable(),
    LINES: z.array(
      z.object({
        LINEID: z.number().int(),
        PACKINGSLIPID: z.string(),
        LINENUM: z.number().int().describe('The packing slip line returned.'),
        ITEMID: z.string(),
        ITEMNAME: z.string(),
        QTY: z.number().int(),
        REASONID: z.number().int(),
      }),
    ),
  })
  .meta({
    id: 'RefundDecidedEvent',
    example: {
      Id: 77,
      CUSTACCOUNT: 'C00001',
      INVENTLOCATIONID: 'A01',
      Fecha_Peticion: '2026-11-20T09:00:00.000Z',
      OBSERVATIONS: 'Pieza equivocada',
      Direccion_Usuario: null,
      LINES: [
        {
          LINEID: 301,
          PACKINGSLIPID: 'AL-000123',
          LINENUM: 2,
          ITEMID: 'BRK-0001',
          ITEMNAME: 'Disco de freno',
          QTY: 1,
          REASONID: 3,
        },
      ],
    },
  });

const change = z.object({ from: z.string().nullable(), to: z.string().nullable() });
export const clientChangeRequestedData = z
  .object({
    ACCOUNTNUM: z.string(),
    REQUESTEDBY: z.string().describe('The portal user who asked.'),
    REQUESTEDAT: z.string(),
    CHANGES: z
      .object({ NAME: change, NOMCOMERCIAL: change, EMAIL: change, PHONE: change })
      .partial()
      .describe('Each ERP field asked to change, with its value today and the one asked for.'),
  })
  .meta({
    id: 'ClientChangeRequestedEvent',
    example: {
      ACCOUNTNUM: 'C00001',
      REQUESTEDBY: 'admin',
      REQUESTEDAT: '2026-11-26T11:00:00.000Z',
      CHANGES: { PHONE: { from: '910000000', to: '910000001' } },
    },
  });

export type WebOrderCreatedData = z.infer<typeof webOrderCreatedData>;
export type PaymentConfirmedData = z.infer<typeof paymentConfirmedData>;
export type RefundDecidedData = z.infer<typeof refundDecidedData>;
export type ClientChangeRequestedData = z.infer<typeof clientChangeRequestedData>;
/** What each event type carries. */
export type IntegrationEventData = {
  'web_order.created': WebOrderCreatedData;
  'payment.confirmed': PaymentConfirmedData;
  'refund.decided': RefundDecidedData;
  'client.change_requested': ClientChangeRequestedData;
};

const envelope = <T extends IntegrationEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.number().int().describe('The event’s id: the webhook-id of its deliveries.'),
    type: z.literal(type),
    timestamp: z.string().describe('When the change happened (ISO 8601).'),
    objectKey: z.string().describe('The object changed ("web_order:1042"): its events come in order.'),
    data,
  });

/** One event, as the feed answers it and as a webhook's body carries it (Standard Webhooks' type/timestamp/data). */
export const integrationEvent = z.discriminatedUnion('type', [
  envelope('web_order.created', webOrderCreatedData),
  envelope('payment.confirmed', paymentConfirmedData),
  envelope('refund.decided', refundDecidedData),
  envelope('client.change_requested', clientChangeRequestedData),
]);
export type IntegrationEvent = z.infer<typeof integrationEvent>;

const cursor = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * An event as the pull feed answers it: with its cursor, the position the event took in the feed when its transaction
 * had committed (decision 0072). Cursors grow in the order events became visible, which is not always their ids' order.
 */
export const feedEvent = z.intersection(
  integrationEvent,
  z.object({ cursor: z.number().int().describe('The event’s position in the feed: read after it, acknowledge it.') }),
);

export const eventsFeed = endpoint({
  method: 'GET',
  path: '/api/integration/v1/events',
  access: { scope: 'erp.events' },
  summary: 'The portal’s events after a cursor, oldest first',
  tags: ['integration'],
  query: z.object({
    after: cursor.optional().describe('The cursor to read after; by default the one the client acknowledged.'),
    limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_DEFAULT),
  }),
  response: z.object({
    events: z.array(feedEvent),
    next: z.number().int().describe('The cursor after these events: read after it, and acknowledge it once handled.'),
    more: z.boolean().describe('Whether more events follow `next` now.'),
  }),
  refusals: { 400: errorBody },
});

export const eventsAck = endpoint({
  method: 'POST',
  path: '/api/integration/v1/events/ack',
  access: { scope: 'erp.events' },
  summary: 'Acknowledges the events up to a cursor (never moves backwards)',
  tags: ['integration'],
  body: z.object({ cursor }),
  response: z.object({ cursor: z.number().int().describe('The client’s acknowledged cursor now.') }),
  refusals: { 400: errorBody },
});

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;

export const webhookDeliveries = endpoint({
  method: 'GET',
  path: '/api/integration/webhook-deliveries',
  access: { rank: 2 },
  summary: 'Webhook deliveries not delivered yet (pending) or given up (dead), newest first',
  tags: ['integration'],
  query: z.object({
    status: z.enum(['pending', 'dead']).default('dead'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.object({
    rows: z.array(
      z.object({
        id: z.number().int(),
        eventId: z.number().int(),
        type: z.string(),
        objectKey: z.string(),
        clientName: z.string(),
        url: z.string(),
        status: z.enum(DELIVERY_STATUSES),
        attempts: z.number().int(),
        nextAttemptAt: z.string(),
        lastError: z.string().nullable(),
      }),
    ),
  }),
});

export const webhookDeliveryResend = endpoint({
  method: 'POST',
  path: '/api/integration/webhook-deliveries/:id/resend',
  access: { rank: 2 },
  summary: 'Sends a dead webhook delivery again (a new day of attempts)',
  tags: ['integration'],
  params: z.object({ id: z.coerce.number().int().min(1) }),
  response: z.object({ id: z.number().int(), status: z.literal('pending') }),
  refusals: { 404: errorBody },
});

export const webhookSigningSecret = endpoint({
  method: 'GET',
  path: '/api/integration/clients/:id/webhook-secret',
  access: { rank: 2 },
  summary: 'The Standard Webhooks signing secret of an integration client (whsec_…), made at first use',
  tags: ['integration'],
  params: z.object({ id: z.uuid() }),
  response: z.object({ secret: z.string().startsWith('whsec_') }),
  refusals: { 404: errorBody },
});
