-- Schema of the Git-hosting site. Timestamps are 'YYYY-MM-DD HH:MM:SS' text in
-- world time; dates are 'YYYY-MM-DD'. Roles are integers: 10 Guest, 20 Reporter,
-- 30 Developer, 40 Maintainer, 50 Owner.
--
-- Repositories use a content model like Git's: deduplicated blobs, trees as
-- path -> blob mappings (one full snapshot per distinct tree), commits pointing at
-- a tree and their parents, and refs (branches and tags) pointing at commits.
-- Forks share blobs, trees and commit shas with the project they came from.

DROP TABLE IF EXISTS follows;
DROP TABLE IF EXISTS mr_reviewers;
DROP TABLE IF EXISTS ssh_keys;
DROP TABLE IF EXISTS personal_access_tokens;
DROP TABLE IF EXISTS project_avatars;
DROP TABLE IF EXISTS avatars;
DROP TABLE IF EXISTS events;
DROP TABLE IF EXISTS todos;
DROP TABLE IF EXISTS notes;
DROP TABLE IF EXISTS mr_approvals;
DROP TABLE IF EXISTS mr_assignees;
DROP TABLE IF EXISTS mr_labels;
DROP TABLE IF EXISTS merge_requests;
DROP TABLE IF EXISTS issue_assignees;
DROP TABLE IF EXISTS issue_labels;
DROP TABLE IF EXISTS issues;
DROP TABLE IF EXISTS milestones;
DROP TABLE IF EXISTS labels;
DROP TABLE IF EXISTS refs;
DROP TABLE IF EXISTS commits;
DROP TABLE IF EXISTS tree_entries;
DROP TABLE IF EXISTS trees;
DROP TABLE IF EXISTS blobs;
DROP TABLE IF EXISTS stars;
DROP TABLE IF EXISTS topics;
DROP TABLE IF EXISTS members;
DROP TABLE IF EXISTS projects;
DROP TABLE IF EXISTS group_members;
DROP TABLE IF EXISTS namespaces;
DROP TABLE IF EXISTS users;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT UNIQUE NOT NULL,
  password_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  bio TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  session_generation INTEGER NOT NULL DEFAULT 0,  -- bumped at each log-out
  status_message TEXT NOT NULL DEFAULT '',
  website_url TEXT NOT NULL DEFAULT ''
);

-- A user's personal namespace (kind 'user', owner_id = the user) or a group.
CREATE TABLE namespaces (
  id INTEGER PRIMARY KEY,
  path TEXT UNIQUE NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'group')),
  owner_id INTEGER REFERENCES users (id),
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  -- A group's visibility (who sees its page); a user namespace is always public.
  visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'internal', 'private'))
);
CREATE INDEX idx_namespaces_owner ON namespaces (owner_id);

CREATE TABLE group_members (
  namespace_id INTEGER NOT NULL REFERENCES namespaces (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  role INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (namespace_id, user_id)
) WITHOUT ROWID;
CREATE INDEX idx_group_members_user ON group_members (user_id);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  namespace_id INTEGER NOT NULL REFERENCES namespaces (id),
  path TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL CHECK (visibility IN ('public', 'internal', 'private')),
  default_branch TEXT NOT NULL DEFAULT 'main',
  language TEXT NOT NULL DEFAULT '',
  archived INTEGER NOT NULL DEFAULT 0,
  star_count INTEGER NOT NULL DEFAULT 0,
  forked_from_id INTEGER REFERENCES projects (id),
  creator_id INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  last_activity_at TEXT NOT NULL,
  UNIQUE (namespace_id, path)
);
CREATE INDEX idx_projects_forked_from ON projects (forked_from_id);
CREATE INDEX idx_projects_activity ON projects (last_activity_at);

CREATE TABLE members (
  project_id INTEGER NOT NULL REFERENCES projects (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  role INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (project_id, user_id)
) WITHOUT ROWID;
CREATE INDEX idx_members_user ON members (user_id, project_id);

CREATE TABLE topics (
  project_id INTEGER NOT NULL REFERENCES projects (id),
  name TEXT NOT NULL,
  PRIMARY KEY (project_id, name)
) WITHOUT ROWID;
CREATE INDEX idx_topics_name ON topics (name);

CREATE TABLE stars (
  user_id INTEGER NOT NULL REFERENCES users (id),
  project_id INTEGER NOT NULL REFERENCES projects (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, project_id)
) WITHOUT ROWID;
CREATE INDEX idx_stars_project ON stars (project_id);

CREATE TABLE blobs (
  id INTEGER PRIMARY KEY,
  sha TEXT UNIQUE NOT NULL,
  size INTEGER NOT NULL,
  content TEXT NOT NULL
);

CREATE TABLE trees (
  id INTEGER PRIMARY KEY,
  sha TEXT UNIQUE NOT NULL
);

CREATE TABLE tree_entries (
  tree_id INTEGER NOT NULL REFERENCES trees (id),
  path TEXT NOT NULL,
  blob_id INTEGER NOT NULL REFERENCES blobs (id),
  PRIMARY KEY (tree_id, path)
) WITHOUT ROWID;

CREATE TABLE commits (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  sha TEXT NOT NULL,
  tree_id INTEGER NOT NULL REFERENCES trees (id),
  parent_sha TEXT,
  parent2_sha TEXT,
  author_id INTEGER REFERENCES users (id),
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (project_id, sha)
);
CREATE INDEX idx_commits_author ON commits (author_id, created_at);
CREATE INDEX idx_commits_project_date ON commits (project_id, created_at);

CREATE TABLE refs (
  project_id INTEGER NOT NULL REFERENCES projects (id),
  kind TEXT NOT NULL CHECK (kind IN ('branch', 'tag')),
  name TEXT NOT NULL,
  commit_sha TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (project_id, kind, name)
) WITHOUT ROWID;

CREATE TABLE labels (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  UNIQUE (project_id, name)
);

CREATE TABLE milestones (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('active', 'closed')),
  start_date TEXT,
  due_date TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (project_id, title)
);

CREATE TABLE issues (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  iid INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('opened', 'closed')),
  author_id INTEGER NOT NULL REFERENCES users (id),
  milestone_id INTEGER REFERENCES milestones (id),
  due_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  closed_at TEXT,
  UNIQUE (project_id, iid)
);
CREATE INDEX idx_issues_project_state ON issues (project_id, state, created_at);
CREATE INDEX idx_issues_author ON issues (author_id);
CREATE INDEX idx_issues_milestone ON issues (milestone_id);

CREATE TABLE issue_labels (
  issue_id INTEGER NOT NULL REFERENCES issues (id),
  label_id INTEGER NOT NULL REFERENCES labels (id),
  PRIMARY KEY (issue_id, label_id)
) WITHOUT ROWID;
CREATE INDEX idx_issue_labels_label ON issue_labels (label_id);

CREATE TABLE issue_assignees (
  issue_id INTEGER NOT NULL REFERENCES issues (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  PRIMARY KEY (issue_id, user_id)
) WITHOUT ROWID;
CREATE INDEX idx_issue_assignees_user ON issue_assignees (user_id);

CREATE TABLE merge_requests (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  iid INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('opened', 'closed', 'merged')),
  author_id INTEGER NOT NULL REFERENCES users (id),
  source_branch TEXT NOT NULL,
  target_branch TEXT NOT NULL,
  -- Frozen when the MR is merged or closed; open MRs read their branches live.
  source_sha TEXT,
  base_sha TEXT,
  merge_commit_sha TEXT,
  milestone_id INTEGER REFERENCES milestones (id),
  merged_by_id INTEGER REFERENCES users (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  merged_at TEXT,
  closed_at TEXT,
  UNIQUE (project_id, iid)
);
CREATE INDEX idx_mrs_project_state ON merge_requests (project_id, state, created_at);
CREATE INDEX idx_mrs_author ON merge_requests (author_id);
CREATE INDEX idx_mrs_milestone ON merge_requests (milestone_id);

CREATE TABLE mr_labels (
  mr_id INTEGER NOT NULL REFERENCES merge_requests (id),
  label_id INTEGER NOT NULL REFERENCES labels (id),
  PRIMARY KEY (mr_id, label_id)
) WITHOUT ROWID;
CREATE INDEX idx_mr_labels_label ON mr_labels (label_id);

CREATE TABLE mr_assignees (
  mr_id INTEGER NOT NULL REFERENCES merge_requests (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  PRIMARY KEY (mr_id, user_id)
) WITHOUT ROWID;
CREATE INDEX idx_mr_assignees_user ON mr_assignees (user_id);

-- Reviewers whose review was requested (the sidebar's "Reviewers", like assignees).
CREATE TABLE mr_reviewers (
  mr_id INTEGER NOT NULL REFERENCES merge_requests (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  PRIMARY KEY (mr_id, user_id)
) WITHOUT ROWID;
CREATE INDEX idx_mr_reviewers_user ON mr_reviewers (user_id);

CREATE TABLE mr_approvals (
  mr_id INTEGER NOT NULL REFERENCES merge_requests (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (mr_id, user_id)
) WITHOUT ROWID;

-- Comments (system = 0) and system notes such as "closed" (system = 1).
CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  target_type TEXT NOT NULL CHECK (target_type IN ('issue', 'merge_request')),
  target_id INTEGER NOT NULL,
  author_id INTEGER NOT NULL REFERENCES users (id),
  body TEXT NOT NULL,
  system INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX idx_notes_target ON notes (target_type, target_id, created_at);
CREATE INDEX idx_notes_author ON notes (author_id);

CREATE TABLE todos (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  project_id INTEGER NOT NULL REFERENCES projects (id),
  target_type TEXT NOT NULL CHECK (target_type IN ('issue', 'merge_request')),
  target_id INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('assigned', 'mentioned', 'review_requested')),
  author_id INTEGER NOT NULL REFERENCES users (id),
  state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
  created_at TEXT NOT NULL
);
CREATE INDEX idx_todos_user ON todos (user_id, state, created_at);

-- Activity feed: pushes, issue and MR changes, comments, project creation.
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects (id),
  author_id INTEGER NOT NULL REFERENCES users (id),
  action TEXT NOT NULL,
  target_type TEXT NOT NULL DEFAULT '',
  target_id INTEGER,
  target_title TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX idx_events_author ON events (author_id, created_at);
CREATE INDEX idx_events_project ON events (project_id, created_at);

-- Personal access tokens for the API (user settings). Only a SHA-256 digest of the
-- token is kept; scopes are 'api' (read and write) and/or 'read_api', comma-separated.
-- A token works while not revoked and before its expiry date (if any).
CREATE TABLE personal_access_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  token_digest TEXT UNIQUE NOT NULL,
  expires_at TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX idx_tokens_user ON personal_access_tokens (user_id);

-- SSH keys a user added in their settings; the fingerprint is OpenSSH's SHA256 form.
CREATE TABLE ssh_keys (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  title TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT UNIQUE NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX idx_ssh_keys_user ON ssh_keys (user_id);

-- Avatar colours (media.py draws initials and letter tiles on them); a user or project
-- created later has no row and gets a colour from its name.
CREATE TABLE avatars (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  background TEXT NOT NULL
);

CREATE TABLE project_avatars (
  project_id INTEGER PRIMARY KEY REFERENCES projects (id),
  background TEXT NOT NULL
);

-- Who follows whom (Follow on a user's profile).
CREATE TABLE follows (
  follower_id INTEGER NOT NULL REFERENCES users (id),
  followee_id INTEGER NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id != followee_id)
) WITHOUT ROWID;
CREATE INDEX idx_follows_followee ON follows (followee_id);
