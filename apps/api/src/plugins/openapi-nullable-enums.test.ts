import { describe, expect, it } from 'vitest';
import { listNullInNullableEnums } from './openapi-nullable-enums.js';

describe('listNullInNullableEnums', () => {
  it('lists null in the enum of every nullable schema, at any depth, once', () => {
    const doc = {
      paths: {
        '/a': {
          get: {
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        status: { nullable: true, type: 'string', enum: ['live', 'vod'] },
                        kept: { type: 'string', enum: ['x'] },
                        already: { nullable: true, type: 'string', enum: ['y', null] },
                        list: {
                          type: 'array',
                          items: { nullable: true, type: 'string', enum: ['a'] },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const schema =
      listNullInNullableEnums(doc).paths['/a'].get.responses[200].content['application/json'].schema
        .properties;
    expect(schema.status.enum).toEqual(['live', 'vod', null]);
    expect(schema.kept.enum).toEqual(['x']);
    expect(schema.already.enum).toEqual(['y', null]);
    expect(schema.list.items.enum).toEqual(['a', null]);
  });
});
