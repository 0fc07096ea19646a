export const APPLICATION_FRAGMENTS = [
  `fragment ApplicationFields on Application { id name website scopes redirectUris vapidKey }`,
];
