-- Schema of the forum site. Timestamps are 'YYYY-MM-DD HH:MM:SS' text in world time.
-- Scores are denormalized: score = upvotes - downvotes = SUM(value) of the item's votes.

DROP TABLE IF EXISTS submission_images;
DROP TABLE IF EXISTS uploads;
DROP TABLE IF EXISTS avatars;
DROP TABLE IF EXISTS messages;
DROP TABLE IF EXISTS comment_votes;
DROP TABLE IF EXISTS submission_votes;
DROP TABLE IF EXISTS comments;
DROP TABLE IF EXISTS submissions;
DROP TABLE IF EXISTS subscriptions;
DROP TABLE IF EXISTS moderators;
DROP TABLE IF EXISTS forums;
DROP TABLE IF EXISTS users;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT UNIQUE NOT NULL,
  password_hash TEXT NOT NULL,
  email TEXT NOT NULL,
  biography TEXT NOT NULL DEFAULT '',
  front_page_sort TEXT NOT NULL DEFAULT 'hot' CHECK (front_page_sort IN ('hot', 'new', 'top')),
  created_at TEXT NOT NULL,
  session_generation INTEGER NOT NULL DEFAULT 0  -- bumped at each log-out
);

CREATE TABLE forums (
  id INTEGER PRIMARY KEY,
  name TEXT UNIQUE NOT NULL,          -- URL name, lower case
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  sidebar TEXT NOT NULL DEFAULT '',   -- Markdown shown in the forum page's sidebar
  created_by INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  subscriber_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE moderators (
  forum_id INTEGER NOT NULL REFERENCES forums (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  added_at TEXT NOT NULL,
  PRIMARY KEY (forum_id, user_id)
) WITHOUT ROWID;
CREATE INDEX idx_moderators_user ON moderators (user_id);

CREATE TABLE subscriptions (
  user_id INTEGER NOT NULL REFERENCES users (id),
  forum_id INTEGER NOT NULL REFERENCES forums (id),
  subscribed_at TEXT NOT NULL,
  PRIMARY KEY (user_id, forum_id)
) WITHOUT ROWID;
CREATE INDEX idx_subscriptions_forum ON subscriptions (forum_id);

CREATE TABLE submissions (
  id INTEGER PRIMARY KEY,
  forum_id INTEGER NOT NULL REFERENCES forums (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('link', 'text')),
  title TEXT NOT NULL,
  url TEXT NOT NULL DEFAULT '',       -- link submissions only
  body TEXT NOT NULL DEFAULT '',
  score INTEGER NOT NULL DEFAULT 0,
  upvotes INTEGER NOT NULL DEFAULT 0,
  downvotes INTEGER NOT NULL DEFAULT 0,
  hot INTEGER NOT NULL DEFAULT 0,     -- ranking key of the "hot" sort, see votes.hot_rank
  comment_count INTEGER NOT NULL DEFAULT 0,  -- every comment row, deleted or removed too
  locked INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0, -- deleted by the author: hidden from listings
  created_at TEXT NOT NULL,
  edited_at TEXT                      -- NULL when never edited
);
CREATE INDEX idx_submissions_forum_hot ON submissions (forum_id, deleted, hot);
CREATE INDEX idx_submissions_forum_new ON submissions (forum_id, deleted, created_at);
CREATE INDEX idx_submissions_forum_top ON submissions (forum_id, deleted, score);
CREATE INDEX idx_submissions_hot ON submissions (deleted, hot);
CREATE INDEX idx_submissions_new ON submissions (deleted, created_at);
CREATE INDEX idx_submissions_top ON submissions (deleted, score);
CREATE INDEX idx_submissions_user ON submissions (user_id, created_at);

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL REFERENCES submissions (id),
  parent_id INTEGER REFERENCES comments (id),  -- NULL for a top-level comment
  user_id INTEGER NOT NULL REFERENCES users (id),
  body TEXT NOT NULL,
  score INTEGER NOT NULL DEFAULT 0,
  upvotes INTEGER NOT NULL DEFAULT 0,
  downvotes INTEGER NOT NULL DEFAULT 0,
  depth INTEGER NOT NULL DEFAULT 0,   -- 0 for top-level comments
  deleted INTEGER NOT NULL DEFAULT 0, -- deleted by the author: shown as [deleted]
  removed INTEGER NOT NULL DEFAULT 0, -- removed by a moderator
  created_at TEXT NOT NULL,
  edited_at TEXT
);
CREATE INDEX idx_comments_submission ON comments (submission_id, created_at);
CREATE INDEX idx_comments_parent ON comments (parent_id);
CREATE INDEX idx_comments_user ON comments (user_id, created_at);

CREATE TABLE submission_votes (
  user_id INTEGER NOT NULL REFERENCES users (id),
  submission_id INTEGER NOT NULL REFERENCES submissions (id),
  value INTEGER NOT NULL CHECK (value IN (-1, 1)),
  voted_at TEXT NOT NULL,
  PRIMARY KEY (user_id, submission_id)
) WITHOUT ROWID;
CREATE INDEX idx_submission_votes_submission ON submission_votes (submission_id);

CREATE TABLE comment_votes (
  user_id INTEGER NOT NULL REFERENCES users (id),
  comment_id INTEGER NOT NULL REFERENCES comments (id),
  value INTEGER NOT NULL CHECK (value IN (-1, 1)),
  voted_at TEXT NOT NULL,
  PRIMARY KEY (user_id, comment_id)
) WITHOUT ROWID;
CREATE INDEX idx_comment_votes_comment ON comment_votes (comment_id);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  sender_id INTEGER NOT NULL REFERENCES users (id),
  recipient_id INTEGER NOT NULL REFERENCES users (id),
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT                        -- NULL while unread
);
CREATE INDEX idx_messages_recipient ON messages (recipient_id, created_at);
CREATE INDEX idx_messages_sender ON messages (sender_id, created_at);

-- Pictures drawn from these rows (media.py): users' avatars (a user without a row gets
-- a colour from the name) and the pictures of image posts, drawn or uploaded.
CREATE TABLE avatars (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  background TEXT NOT NULL
);

CREATE TABLE uploads (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  content_type TEXT NOT NULL
    CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/svg+xml')),
  data BLOB NOT NULL,                -- the file as uploaded, its type sniffed from its bytes
  created_at TEXT NOT NULL
);

CREATE TABLE submission_images (
  submission_id INTEGER PRIMARY KEY REFERENCES submissions (id),
  motif TEXT,                        -- drawn: landscape, city skyline, bar chart, still life, seascape
  colour TEXT,
  alt TEXT NOT NULL,
  variant INTEGER,                   -- drawn: which drawing (the post it was first drawn for)
  upload_id INTEGER REFERENCES uploads (id),  -- uploaded (motif, colour and variant are NULL)
  CHECK ((upload_id IS NULL) = (motif IS NOT NULL AND colour IS NOT NULL AND variant IS NOT NULL))
);
CREATE INDEX idx_submission_images_upload ON submission_images (upload_id);
