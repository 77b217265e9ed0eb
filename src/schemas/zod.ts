import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema imports z from here so `.openapi()` metadata is always available.
extendZodWithOpenApi(z);

export { z };
