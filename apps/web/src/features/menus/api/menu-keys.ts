/** Query keys of menus: the signed-in user's navigation tree (admin menu editing comes later). */
export const menuKeys = {
  all: ['menus'] as const,
  nav: () => [...menuKeys.all, 'nav'] as const,
};
