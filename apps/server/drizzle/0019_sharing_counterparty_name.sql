-- The counterparty the inviter means to check (optional): the inviter's page compares it with the bank's account owner names.
ALTER TABLE "sharing_invitations" ADD COLUMN "counterparty_name" text;
