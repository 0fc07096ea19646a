export const INSTANCE_FRAGMENTS = [
  `fragment InstanceFields on Instance {
  domain title version apiVersion softwareName softwareVersion sourceUrl description contactEmail languages
  registrationsEnabled approvalRequired userCount statusCount streamingUrl vapidKey rules { id text hint }
  statusLimits { maxCharacters maxMediaAttachments charactersReservedPerUrl }
  pollLimits { maxOptions maxCharactersPerOption minExpiration maxExpiration }
  mediaLimits { supportedMimeTypes imageSizeLimit imageMatrixLimit videoSizeLimit descriptionLimit }
}`,
];
