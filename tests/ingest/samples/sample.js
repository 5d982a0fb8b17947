import { a } from './util';
const fs = require('fs');
export const handler = async (req) => { return a(req); };
const LIMIT = 10;
class Cache {
  size = 0;
  get(key) { return this.load(key); }
  load(key) { return fs.readFileSync(key); }
}
function main() { const c = new Cache(); c.get('x'); }
