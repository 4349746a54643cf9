import { writeFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { buildAsyncApiDocument } from './asyncapi-document';

/** `npm run docs:asyncapi`: rewrites docs/asyncapi.yaml from the code. */
writeFile('docs/asyncapi.yaml', stringify(buildAsyncApiDocument(), { lineWidth: 0, aliasDuplicateObjects: false })).then(
  () => console.log('wrote docs/asyncapi.yaml'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
