/** The one Filter selection, with its keywords and statuses. */
export const FILTER_FRAGMENTS = [
  `fragment FilterFields on Filter {
  id title context expiresAt filterAction
  keywords { id keyword wholeWord }
  statuses { id statusId }
}`,
];
