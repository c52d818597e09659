export * from './field-paths.ts';
export * from './control-params.ts';
export * from './configured-fields.ts';
export * from './field-values.ts';
export * from './field-rules.ts';
export * from './submit-values.ts';
