import type { EditDocument } from './document';
import { type IndentedLine, normaliseWhitespace, splitIndent, withoutTrailingWhitespace } from './line-forms';

/** The file's lines in each comparison form, computed once per document and only when a step needs them. */
export class FileForms {
  private trailing: string[] | undefined;
  private indented: IndentedLine[] | undefined;
  private normalised: string[] | undefined;

  constructor(private readonly doc: EditDocument) {}

  withoutTrailingWhitespace(): string[] {
    this.trailing ??= this.doc.lines.map((line) => withoutTrailingWhitespace(line.text));
    return this.trailing;
  }

  splitIndents(): IndentedLine[] {
    this.indented ??= this.doc.lines.map((line) => splitIndent(line.text));
    return this.indented;
  }

  normalisedWhitespace(): string[] {
    this.normalised ??= this.doc.lines.map((line) => normaliseWhitespace(line.text));
    return this.normalised;
  }
}
