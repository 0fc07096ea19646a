-- CreateEnum
CREATE TYPE "ReportCategory" AS ENUM ('spam', 'legal', 'violation', 'other');

-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'admin_report';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "report_id" BIGINT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "role_id" BIGINT;

-- CreateTable
CREATE TABLE "user_roles" (
    "id" BIGSERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '',
    "permissions" BIGINT NOT NULL DEFAULT 0,
    "highlighted" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT NOT NULL,
    "target_account_id" BIGINT NOT NULL,
    "status_ids" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
    "rule_ids" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
    "comment" TEXT NOT NULL DEFAULT '',
    "category" "ReportCategory" NOT NULL DEFAULT 'other',
    "forwarded" BOOLEAN NOT NULL DEFAULT false,
    "assigned_account_id" BIGINT,
    "action_taken_by_account_id" BIGINT,
    "action_taken_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_action_logs" (
    "id" BIGSERIAL NOT NULL,
    "account_id" BIGINT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" BIGINT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_action_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_roles_name_key" ON "user_roles"("name");

-- CreateIndex
CREATE INDEX "reports_account_id_idx" ON "reports"("account_id");

-- CreateIndex
CREATE INDEX "reports_target_account_id_idx" ON "reports"("target_account_id");

-- CreateIndex
CREATE INDEX "admin_action_logs_target_type_target_id_idx" ON "admin_action_logs"("target_type", "target_id");

-- CreateIndex
CREATE INDEX "admin_action_logs_created_at_idx" ON "admin_action_logs"("created_at");

-- CreateIndex
CREATE INDEX "notifications_report_id_idx" ON "notifications"("report_id");

-- CreateIndex
CREATE INDEX "users_role_id_idx" ON "users"("role_id");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "user_roles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seed the staff roles (docs/api/moderation.md#roles): Owner holds administrator (every permission);
-- Admin every permission but administrator and view_devops; Moderator view_audit_log, view_dashboard,
-- manage_reports, manage_taxonomies and manage_users.
INSERT INTO "user_roles" ("name", "permissions", "highlighted", "position", "updated_at") VALUES
    ('Owner', 1, true, 1000, CURRENT_TIMESTAMP),
    ('Admin', 2097148, true, 100, CURRENT_TIMESTAMP),
    ('Moderator', 1308, true, 10, CURRENT_TIMESTAMP);
