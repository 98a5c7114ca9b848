export * from './common';
export * from './giveaway';
export * from './health';
export * from './pagination';
export * from './auth';
export * from './contact';
export * from './newsletter';
export * from './mail';
