/**
 * Two versions of a small pets API for the OpenAPI change detector. PETS_V2 differs from PETS_V1 by exactly:
 * breaking — DELETE /pets/{id} removed; GET /pets gains a required `species` query parameter; POST /pets `age`
 * narrows from string to integer; GET /pets/{id} no longer returns the required `tag` field; PUT /pets/{id} now
 * requires an API key. Compatible — GET /pets/{id}/photos is new.
 */

const securitySchemes = { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } };

function petSchema(withTag: boolean) {
  const properties: Record<string, unknown> = { id: { type: 'integer' }, name: { type: 'string' } };
  if (withTag) properties.tag = { type: 'string' };
  return { type: 'object', required: withTag ? ['id', 'name', 'tag'] : ['id', 'name'], properties };
}

function newPetBody(ageType: 'string' | 'integer') {
  return {
    required: true,
    content: {
      'application/json': {
        schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: ageType } } },
      },
    },
  };
}

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const limitParameter = { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } };
const ok = (schema: unknown) => ({ description: 'OK', content: { 'application/json': { schema } } });
const noContent = { '204': { description: 'Done' } };

export const PETS_V1 = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', parameters: [limitParameter], responses: { '200': ok({ type: 'array', items: petSchema(true) }) } },
      post: { operationId: 'createPet', requestBody: newPetBody('string'), responses: { '201': ok(petSchema(true)) } },
    },
    '/pets/{id}': {
      parameters: [idParameter],
      get: { operationId: 'getPet', responses: { '200': ok(petSchema(true)) } },
      put: { operationId: 'updatePet', requestBody: newPetBody('string'), responses: noContent },
      delete: { operationId: 'deletePet', responses: noContent },
    },
  },
  components: { securitySchemes },
};

export const PETS_V2 = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '2.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [limitParameter, { name: 'species', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '200': ok({ type: 'array', items: petSchema(true) }) },
      },
      post: { operationId: 'createPet', requestBody: newPetBody('integer'), responses: { '201': ok(petSchema(true)) } },
    },
    '/pets/{id}': {
      parameters: [idParameter],
      get: { operationId: 'getPet', responses: { '200': ok(petSchema(false)) } },
      put: { operationId: 'updatePet', security: [{ apiKey: [] }], requestBody: newPetBody('string'), responses: noContent },
    },
    '/pets/{id}/photos': {
      parameters: [idParameter],
      get: { operationId: 'listPetPhotos', responses: { '200': ok({ type: 'array', items: { type: 'string' } }) } },
    },
  },
  components: { securitySchemes },
};
