/**
 * What `mrtr init` is asked for, as the project writer and the README
 * writer both read it.
 */
import type { Framework, ProjectLanguage } from "./templates.js";

/** What `mrtr init` is asked for. */
export interface ProjectOptions {
  /** The project's folder, absolute: the host configuration names it. */
  dir: string;
  /** The npm package name (from the folder's name). */
  name: string;
  lang: ProjectLanguage;
  framework: Framework;
  /** Where the templates are read from (the package's templates/ unless given: tests pass a fixture folder). */
  templatesDir?: string;
}
