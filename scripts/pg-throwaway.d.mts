/** A throwaway PostgreSQL server in a temporary folder, on 127.0.0.1. */
export function startThrowawayPostgres(port?: number): { url: string; stop(): void };
