/** One stretch of extracted text and where it sits in the file. */
export interface TextSection {
  text: string;
  /** 1-based page of a PDF; null elsewhere */
  page: number | null;
}
