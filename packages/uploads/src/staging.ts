/** A file part of a multipart request, written to a temporary file. */
export interface UploadedFile {
  /** The temporary file; removed by the reader's `cleanup()` unless the media service took it over. */
  path: string;
  size: number;
  fileName: string | null;
  contentType: string | null;
}

/**
 * Where a process that received a file (the REST facade, the gateway) hands
 * its bytes: the media service, in this process (a rename) or another one
 * (streamed over its signed internal route). It answers with the id the
 * upload mutation then names the bytes by (docs/api/media.md#staging).
 */
export interface MediaUploads {
  stage(file: UploadedFile): Promise<string>;
}
