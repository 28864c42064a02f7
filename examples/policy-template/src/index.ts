/** @rackwise/policy-template: a minimal rackwise policy package to copy. */
export type { TemplateConfig } from './template-config.js';
export { TEMPLATE_DEFAULTS } from './template-config.js';
export { createTemplatePolicy, templatePolicy } from './template-policy.js';
