/** Where a signed-in user starts: the product list in web context 1, else the dashboard (spec part 1 §1). */
export function homePathFor(context: number): string {
  return context === 1 ? '/product-list/' : '/dashboard';
}
