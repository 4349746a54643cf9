// Integration tests start apps and wait for events on a real broker: allow them two minutes.
// (`testTimeout` is a global jest option and is ignored inside a project entry.)
jest.setTimeout(120_000);
