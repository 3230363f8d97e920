// Stream ids of the goods catalogue. Each price is its own stream, so two decisions on one price conflict
// (one wins, the other gets 409) while decisions on different prices never do.
export const mallStreams = {
  supplier: (objectId: string) => `mallSupplier-${objectId}`,
  product: (id: string) => `product-${id}`,
  sku: (skuId: string) => `sku-${skuId}`,
  price: (id: string) => `skuprice-${id}`,
} as const;
