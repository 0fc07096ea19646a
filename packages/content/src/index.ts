export * from './html.js';
export * from './extract.js';
export * from './format.js';
export * from './length.js';
export * from './bounds.js';
export * from './emoji.js';
