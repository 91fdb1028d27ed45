export * from './basic.ts';
export * from './fault-code.ts';
export * from './menu.ts';
export * from './org.ts';
export * from './plant.ts';
export * from './role.ts';
export * from './system.ts';
export * from './user.ts';
