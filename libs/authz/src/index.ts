export * from './internal/internal-token.guard';
export * from './companies/company-replica.entity';
export * from './companies/company-replica.handler';
