/** The EventingModuleOptions of the app (forRoot value or forRootAsync factory result). */
export const EVENTING_OPTIONS = Symbol('EVENTING_OPTIONS');
