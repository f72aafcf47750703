/** The authenticated product of a request on an `api-key` route (set by apiKeyAuth). */
export function productOf(req: { productId?: string | undefined }): string {
  if (!req.productId) throw new Error('route reached without authentication');
  return req.productId;
}
