import { Thing } from "../lib/thing";
import * as path from "path";
export interface Shape { area(): number; }
type Id = string;
enum Color { Red, Green }
export class Circle implements Shape {
  radius: number = 1;
  area(): number { return helper(this.radius); }
}
export function helper(r: number): number { return r * r; }
const double = (x: number) => x * 2;
