import { col, sqlOf, statement, type PrismaClient } from '@social/db';

/** What a push says of a notification (statuses' rows, read as docs/data-ownership.md declares). */
export interface PushedNotification {
  id: bigint;
  /** The recipient. */
  accountId: bigint;
  fromAccountId: bigint;
  /** Its notification_type name (admin_report). */
  type: string;
  /** The status it is about (a boost's: the boosted one; a favourite's: the favourited one), null for follows and reports. */
  spoilerText: string | null;
  text: string | null;
}

/**
 * The notification with the status it is about, in one statement: a boost
 * notification points at the boost (its text is the boosted status's), a
 * favourite one at the favourite.
 */
const NOTIFICATION = statement(
  'identity.pushedNotification',
  ['bigint'],
  {
    id: col.bigint, accountId: col.bigint, fromAccountId: col.bigint, type: col.enumText<string>(),
    spoilerText: col.nullable(col.text), text: col.nullable(col.text),
  },
  `SELECT n.id, n.account_id AS "accountId", n.from_account_id AS "fromAccountId", n.type::text AS type,
    coalesce(o.spoiler_text, s.spoiler_text) AS "spoilerText", coalesce(o.text, s.text) AS text
  FROM notifications n
  LEFT JOIN favourites f ON f.id = n.favourite_id
  LEFT JOIN statuses s ON s.id = coalesce(n.status_id, f.status_id)
  LEFT JOIN statuses o ON o.id = s.reblog_of_id
  WHERE n.id = $1::bigint`,
);

export class PushedNotificationData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Null when it is gone (the favourite, follow or status it announced was undone). */
  async find(id: bigint): Promise<PushedNotification | null> {
    const [row] = await sqlOf(this.prisma).query(NOTIFICATION, id);
    return row ?? null;
  }
}
