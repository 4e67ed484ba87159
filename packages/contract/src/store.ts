// biome-ignore-all assist/source/organizeImports: zod registers schemas as their files run, and the OpenAPI components follow that order
/** The store's contract (spec store), one file per area under store/. */
export * from './store/core.js';
export * from './store/store-front.js';
export * from './store/orders.js';
export * from './store/payments.js';
export * from './store/purchases.js';
export * from './store/order-personal-info.js';
export * from './store/redirect-checkout.js';
export * from './store/payment-form.js';
export * from './store/bank131.js';
export * from './store/fb-instant.js';
export * from './store/yandex-games.js';
export * from './store/kongregate.js';
export * from './store/aghanim.js';
export * from './store/steam.js';
