-- Support tickets (/admin/tickets): from the contact form (anyone, signed in or not) or made
-- by an admin from a support chat. Status open → pending (waiting on the customer) → solved
-- (and reopened), a priority, an admin assignee and internal notes customers never see.
-- `number` is the reference shown to the customer (T-1001, …).
CREATE TABLE support_tickets (
    id UUID PRIMARY KEY NOT NULL,
    number BIGINT NOT NULL UNIQUE,
    source TEXT NOT NULL CHECK (source IN ('contact', 'chat')),
    customer_id UUID REFERENCES users (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    order_number TEXT,
    conversation_id UUID REFERENCES conversations (id) ON DELETE SET NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'pending', 'solved')),
    priority TEXT NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
    assignee_id UUID REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    solved_at TIMESTAMPTZ
);
CREATE INDEX support_tickets_status ON support_tickets (status, updated_at);
CREATE INDEX support_tickets_customer ON support_tickets (customer_id, created_at);
CREATE INDEX support_tickets_email ON support_tickets (email, created_at);
CREATE INDEX support_tickets_conversation ON support_tickets (conversation_id);

CREATE TABLE ticket_notes (
    id UUID PRIMARY KEY NOT NULL,
    ticket_id UUID NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_id UUID REFERENCES users (id) ON DELETE SET NULL,
    author_email TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ticket_notes_ticket ON ticket_notes (ticket_id, created_at);
