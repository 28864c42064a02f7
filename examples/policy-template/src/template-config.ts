/** Configuration of {@link createTemplatePolicy}. Defaults: {@link TEMPLATE_DEFAULTS}. */
export interface TemplateConfig {
  /** Name the policy reports. */
  readonly name: string;
  /** Prefer a job with a map whose input is on the offering node. */
  readonly localityFirst: boolean;
}

/** The defaults; a real policy cites the paper section each value comes from. */
export const TEMPLATE_DEFAULTS: TemplateConfig = Object.freeze({ name: 'template', localityFirst: true });
