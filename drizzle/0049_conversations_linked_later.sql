-- A bulk send's new conversations are linked to customers after the send (decision 043): the send's
-- batches set `forecourt.customer_links` to 'later' for their transaction, and the conversation's
-- trigger then only notes the conversation for the job that links it (customers.link-later). Every
-- other conversation is linked as it is made, as before.
CREATE TABLE "customer_conversations_to_link" (
	"conversation_id" bigint PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_conversation_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('forecourt.customer_links', true) = 'later' THEN
    INSERT INTO customer_conversations_to_link VALUES (NEW.id) ON CONFLICT DO NOTHING;
  ELSE
    PERFORM customer_link('conversation', NEW.id, NEW.location_id, NEW.contact_name, NEW.phone, '', NEW.last_message_at,
      'Text conversation');
  END IF;
  RETURN NULL;
END $$;
