import { graphql } from './gql/index.js';

/**
 * The composer: an image uploaded as a multipart file part (`file` is a browser File,
 * docs/graphql.md#uploading-media), then the status posted with the attachment's id.
 */
export const UploadImage = graphql(`
  mutation UploadImage($file: Upload!, $description: String) {
    uploadMedia(input: { file: $file, description: $description }) {
      mediaAttachment { id type url previewUrl description }
      errors { code message field }
    }
  }
`);

export const PublishStatus = graphql(`
  mutation PublishStatus($input: PublishStatusInput!) {
    publishStatus(input: $input) {
      status { nodeId id content createdAt visibility mediaAttachments { id type url previewUrl description } }
      errors { code message field }
    }
  }
`);
