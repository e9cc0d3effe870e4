// What the server (backend/src) and the dashboard (admin/src) both use: data and pure functions
// only, no Node or browser API, so either side loads it as it is.
export * from './base-models';
export * from './plain-text';
export * from './training-data';
export * from './markdown';
export * from './reasoning';
export * from './examples';
export * from './placeholders';
export * from './permissions';
