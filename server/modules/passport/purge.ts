export async function purgeAnonymousRows(): Promise<void> { /* issue 29: to be written */ }
