import DataLoader from 'dataloader';
import type { BaseContext, Principal } from '@social/federation';
import type { AttachmentData, AttachmentRecord } from './attachment/attachment.data.js';

export interface MediaContext extends BaseContext {
  readonly attachmentsByStatus: DataLoader<string, AttachmentRecord[]>;
}

export function createMediaContext(data: { attachments: AttachmentData }, principal: Principal, requestId: string): MediaContext {
  return {
    principal,
    requestId,
    attachmentsByStatus: new DataLoader((ids) => data.attachments.findByStatusIds(ids)),
  };
}
