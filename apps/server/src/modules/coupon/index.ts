// What other modules use (invite, order, payment)
export { couponAssets, deductionOf, earnPoints, getPointsSettings, giveBackDiscount, holdDiscount } from './coupon.service.ts';
export { issueProgrammeCoupon } from './coupon-programme.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { issueSignupCoupons } from './coupon-template.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { couponJobs } from './coupon-points.service.ts';
export { couponRoutes } from './coupon.routes.ts';

// For the demo data (db/seed)
export { addTemplate, issueToPhone } from './coupon-template.service.ts';
