/** Dollars as the booking page shows them ('$17'), with cents only when there are any. */
export function priceLabel(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
