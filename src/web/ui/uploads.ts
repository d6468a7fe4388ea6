// Forms that carry a file (a button with formenctype="multipart/form-data"):
// busboy reads the text fields into req.body as express.urlencoded does
// (a repeated name becomes an array), and one file into memory (of a form
// with several file controls, the one the pressed button is for), whose
// bytes past the limit are not kept but noted, so the page can say the file
// is too large beside everything the person typed. Other bodies pass through
// untouched.
import busboy from 'busboy';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import type { StoredImage } from '../../media/images.js';
import type { ImageVariant } from '../../media/process.js';
import { MAX_UPLOAD_BYTES } from '../../media/uploads.js';
import { act } from './act.js';

export interface UploadedFile {
  /** The form control it came from. */
  field: string;
  bytes: Buffer;
  /** More bytes were sent than the limit; `bytes` holds only the first ones. */
  tooLarge: boolean;
}

export interface MultipartLimits {
  /** Text fields at most (as express.urlencoded's parameterLimit). */
  fields: number;
  /** Bytes of one text field at most. */
  fieldBytes: number;
  /** Bytes of the file kept at most. */
  fileBytes: number;
  /** File controls the form has (1 unless said); only the file `wanted` names is read into memory. */
  files?: number;
  /** The control whose file is kept; the others' bytes are drained unread. Any control by default. */
  wanted?: (req: Request) => string;
}

const unreadable = () =>
  new AppError('invalid', 'The form could not be read.', {
    errors: [{ path: '(body)', message: 'not a readable form' }],
  });

/** Parses a multipart form body into req.body and the file (uploadedFile); any other body is left to the next parser. */
export function multipartForm(limits: MultipartLimits): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fields: limits.fields,
          fieldSize: limits.fieldBytes,
          files: limits.files ?? 1,
          fileSize: limits.fileBytes,
          parts: limits.fields + (limits.files ?? 1),
        },
      });
    } catch {
      return next(unreadable());
    }
    let finished = false;
    const finish = (err?: AppError) => {
      if (finished) return;
      finished = true;
      next(err);
    };
    const body: Record<string, string | string[]> = {};
    const reading: Promise<void>[] = [];
    let failure: AppError | null = null;
    let file: UploadedFile | null = null;
    const tooMany = () => {
      failure ??= new AppError('invalid', 'The form has too many fields.', {
        errors: [{ path: '(body)', message: 'too many fields' }],
      });
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        failure ??= new AppError('payload_too_large', `The form's ${name} is too long.`, {
          errors: [{ path: name, message: 'too long' }],
        });
      const before = body[name];
      body[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    });
    const wanted = limits.wanted?.(req);
    parser.on('file', (name, stream, info) => {
      if (wanted !== undefined && name !== wanted) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      reading.push(
        new Promise((resolve) =>
          stream.on('close', () => {
            const bytes = Buffer.concat(chunks);
            // A file control left empty sends a part with no name and no bytes: no file.
            if (info.filename || bytes.length > 0) file = { field: name, bytes, tooLarge };
            resolve();
          }),
        ),
      );
    });
    parser.on('fieldsLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', tooMany);
    parser.on('error', () => {
      req.unpipe(parser);
      finish(unreadable());
    });
    parser.on('close', () => {
      void Promise.all(reading).then(() => {
        req.body = body;
        res.locals.uploadedFile = file;
        finish(failure ?? undefined);
      });
    });
    req.pipe(parser);
  };
}

/** The file a multipart form carried, or null. */
export const uploadedFile = (res: Response): UploadedFile | null =>
  (res.locals.uploadedFile as UploadedFile | null | undefined) ?? null;

/** The file types an image file control offers (the bytes decide what is accepted: media/process.ts). */
export const IMAGE_FILE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml,image/x-icon,.ico';

/**
 * Stores a form's file through upload_image as the signed-in person: its
 * address on this site, or why it was refused, a phrase for its control.
 */
export async function uploadFormImage(
  ctx: Context,
  session: WebSession,
  file: UploadedFile,
  variant: ImageVariant,
): Promise<{ url: string } | { refused: string }> {
  if (file.tooLarge) return { refused: `the file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB` };
  const upload = await act<StoredImage>(ctx, session, 'upload_image', { variant, data: file.bytes.toString('base64') });
  return upload.ok
    ? { url: upload.body.url }
    : { refused: upload.problem.errors[0]?.message ?? upload.problem.message };
}
