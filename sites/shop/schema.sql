-- Schema of the shop site. Money is integer cents; timestamps are
-- 'YYYY-MM-DD HH:MM:SS' text in world time.

DROP TABLE IF EXISTS compare_items;
DROP TABLE IF EXISTS contact_messages;
DROP TABLE IF EXISTS api_tokens;
DROP TABLE IF EXISTS category_banners;
DROP TABLE IF EXISTS product_images;
DROP TABLE IF EXISTS price_rule_settings;
DROP TABLE IF EXISTS staff_users;
DROP TABLE IF EXISTS order_status_history;
DROP TABLE IF EXISTS order_holds;
DROP TABLE IF EXISTS order_billing;
DROP TABLE IF EXISTS shipments;
DROP TABLE IF EXISTS invoices;
DROP TABLE IF EXISTS search_terms;
DROP TABLE IF EXISTS product_views;
DROP TABLE IF EXISTS product_attributes;
DROP TABLE IF EXISTS stock_items;
DROP TABLE IF EXISTS review_queue;
DROP TABLE IF EXISTS cms_pages;
DROP TABLE IF EXISTS customer_group_members;
DROP TABLE IF EXISTS customer_groups;
DROP TABLE IF EXISTS order_items;
DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS wishlist_items;
DROP TABLE IF EXISTS cart_items;
DROP TABLE IF EXISTS reviews;
DROP TABLE IF EXISTS addresses;
DROP TABLE IF EXISTS coupons;
DROP TABLE IF EXISTS product_specs;
DROP TABLE IF EXISTS spec_attributes;
DROP TABLE IF EXISTS products;
DROP TABLE IF EXISTS categories;
DROP TABLE IF EXISTS users;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT UNIQUE NOT NULL,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  newsletter INTEGER NOT NULL DEFAULT 0,
  cart_coupon TEXT,
  created_at TEXT NOT NULL,
  session_generation INTEGER NOT NULL DEFAULT 0  -- bumped at each log-out
);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES categories (id),
  slug TEXT UNIQUE NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX idx_categories_parent ON categories (parent_id, position);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES categories (id),
  sku TEXT UNIQUE NOT NULL,
  slug TEXT UNIQUE NOT NULL,
  name TEXT NOT NULL,
  brand TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  description TEXT NOT NULL,
  sizes TEXT NOT NULL DEFAULT '',    -- comma-separated choices, '' when none
  colours TEXT NOT NULL DEFAULT '',  -- comma-separated choices, '' when none
  featured INTEGER NOT NULL DEFAULT 0,
  review_count INTEGER NOT NULL DEFAULT 0,
  rating_total INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL DEFAULT 0,    -- rating_total / review_count, 0 without reviews
  created_at TEXT NOT NULL
);
CREATE INDEX idx_products_category ON products (category_id, price_cents);
CREATE INDEX idx_products_featured ON products (featured, review_count);

CREATE TABLE spec_attributes (       -- the "More Information" attributes, in display order
  code TEXT PRIMARY KEY,             -- also the storefront's filter parameter (?material=Oak)
  label TEXT NOT NULL,
  position INTEGER NOT NULL,
  filterable INTEGER NOT NULL DEFAULT 0  -- offered as a filter on category and search pages
);

CREATE TABLE product_specs (         -- a product has no row for an attribute it lacks
  product_id INTEGER NOT NULL REFERENCES products (id),
  attribute TEXT NOT NULL REFERENCES spec_attributes (code),
  value TEXT NOT NULL,               -- as displayed; release_date is 'YYYY-MM-DD'
  PRIMARY KEY (product_id, attribute)
);
CREATE INDEX idx_product_specs_value ON product_specs (attribute, value);

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  nickname TEXT NOT NULL,            -- the name the review is shown under ("Emma L.")
  UNIQUE (product_id, user_id)
);
CREATE INDEX idx_reviews_product ON reviews (product_id, created_at);
CREATE INDEX idx_reviews_user ON reviews (user_id);

CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  full_name TEXT NOT NULL,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  postcode TEXT NOT NULL,
  country TEXT NOT NULL,
  phone TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX idx_addresses_user ON addresses (user_id, is_default);

CREATE TABLE coupons (
  id INTEGER PRIMARY KEY,
  code TEXT UNIQUE NOT NULL,
  description TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
  amount INTEGER NOT NULL,           -- percent, or cents for 'fixed'
  min_subtotal_cents INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT                    -- NULL: never expires
);

CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  size TEXT NOT NULL DEFAULT '',
  colour TEXT NOT NULL DEFAULT '',
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  added_at TEXT NOT NULL,
  UNIQUE (user_id, product_id, size, colour)
);

CREATE TABLE wishlist_items (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  added_at TEXT NOT NULL,
  UNIQUE (user_id, product_id)
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  number TEXT UNIQUE NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id),
  status TEXT NOT NULL
    CHECK (status IN ('Pending', 'Processing', 'Shipped', 'Complete', 'Canceled')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  item_count INTEGER NOT NULL,       -- total quantity over all lines
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  shipping_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  coupon_code TEXT,
  shipping_method TEXT NOT NULL CHECK (shipping_method IN ('standard', 'express')),
  ship_name TEXT NOT NULL,
  ship_street TEXT NOT NULL,
  ship_city TEXT NOT NULL,
  ship_state TEXT NOT NULL,
  ship_postcode TEXT NOT NULL,
  ship_country TEXT NOT NULL,
  ship_phone TEXT NOT NULL
);
CREATE INDEX idx_orders_user ON orders (user_id, created_at);
CREATE INDEX idx_orders_user_status ON orders (user_id, status, created_at);

CREATE TABLE order_items (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  product_name TEXT NOT NULL,
  sku TEXT NOT NULL,
  size TEXT NOT NULL DEFAULT '',
  colour TEXT NOT NULL DEFAULT '',
  unit_price_cents INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  line_total_cents INTEGER NOT NULL
);
CREATE INDEX idx_order_items_order ON order_items (order_id);
CREATE INDEX idx_order_items_product ON order_items (product_id);

-- The back office (/admin). Tables below are generated after the storefront's, from
-- their own random stream, so the storefront's rows are the same with or without them.

CREATE TABLE staff_users (
  id INTEGER PRIMARY KEY,
  username TEXT UNIQUE NOT NULL,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  role TEXT NOT NULL,                -- a key of webenv.sites.shop.admin.roles.ROLES
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  session_generation INTEGER NOT NULL DEFAULT 0  -- bumped at each log-out
);

CREATE TABLE order_billing (         -- an order without a row is billed to its shipping address
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  payment_method TEXT NOT NULL,
  bill_name TEXT NOT NULL,
  bill_street TEXT NOT NULL,
  bill_city TEXT NOT NULL,
  bill_state TEXT NOT NULL,
  bill_postcode TEXT NOT NULL,
  bill_country TEXT NOT NULL,
  bill_phone TEXT NOT NULL
);

CREATE TABLE order_holds (           -- an order with a row is On Hold
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  held_at TEXT NOT NULL
);

CREATE TABLE order_status_history (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  status TEXT NOT NULL,              -- the order's status when the entry was written
  comment TEXT NOT NULL,
  is_customer_notified INTEGER NOT NULL DEFAULT 0,
  author TEXT NOT NULL,              -- a staff username, or '' for the system
  created_at TEXT NOT NULL
);
CREATE INDEX idx_order_status_history_order ON order_status_history (order_id, created_at);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  number TEXT UNIQUE NOT NULL,
  order_id INTEGER UNIQUE NOT NULL REFERENCES orders (id),
  status TEXT NOT NULL CHECK (status IN ('Paid')),
  total_cents INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE shipments (
  id INTEGER PRIMARY KEY,
  number TEXT UNIQUE NOT NULL,
  order_id INTEGER UNIQUE NOT NULL REFERENCES orders (id),
  carrier TEXT NOT NULL,
  tracking_number TEXT NOT NULL,
  total_qty INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE search_terms (
  id INTEGER PRIMARY KEY,
  query TEXT UNIQUE NOT NULL,
  num_results INTEGER NOT NULL,      -- products found the last time it was searched
  uses INTEGER NOT NULL,             -- how many times it was searched
  updated_at TEXT NOT NULL           -- when it was last searched
);

CREATE TABLE product_views (
  product_id INTEGER PRIMARY KEY REFERENCES products (id),
  views INTEGER NOT NULL
);

CREATE TABLE product_attributes (    -- a product without a row is enabled and visible
  product_id INTEGER PRIMARY KEY REFERENCES products (id),
  enabled INTEGER NOT NULL DEFAULT 1,
  visibility TEXT NOT NULL DEFAULT 'Catalog, Search'
    CHECK (visibility IN ('Not Visible Individually', 'Catalog', 'Search', 'Catalog, Search')),
  special_price_cents INTEGER,       -- NULL: no special price
  special_from TEXT,                 -- 'YYYY-MM-DD' or NULL (from any day)
  special_to TEXT                    -- 'YYYY-MM-DD' or NULL (to any day)
);

CREATE TABLE stock_items (           -- a product without a row has 0 in stock
  product_id INTEGER PRIMARY KEY REFERENCES products (id),
  qty INTEGER NOT NULL CHECK (qty >= 0),
  is_in_stock INTEGER NOT NULL
);

CREATE TABLE review_queue (          -- reviews awaiting moderation, or rejected; approved
  id INTEGER PRIMARY KEY,            -- (published) reviews are the reviews table's rows
  product_id INTEGER NOT NULL REFERENCES products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Not Approved')),
  nickname TEXT NOT NULL
);

CREATE TABLE cms_pages (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  url_key TEXT UNIQUE NOT NULL,
  content TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE customer_groups (
  id INTEGER PRIMARY KEY,
  name TEXT UNIQUE NOT NULL
);

CREATE TABLE customer_group_members (  -- a customer without a row is in group 1, General
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  group_id INTEGER NOT NULL REFERENCES customer_groups (id)
);

CREATE TABLE price_rule_settings (   -- a coupon without a row is active, from any day, on any item
  coupon_id INTEGER PRIMARY KEY REFERENCES coupons (id),
  is_active INTEGER NOT NULL DEFAULT 1,
  from_date TEXT,                    -- 'YYYY-MM-DD' or NULL (from any day)
  category_id INTEGER REFERENCES categories (id)  -- discount only items of this category
);                                   -- (a top-level one includes its subcategories); NULL: all

CREATE TABLE api_tokens (            -- REST API access tokens (POST /rest/V1/integration/...)
  id INTEGER PRIMARY KEY,
  token TEXT UNIQUE NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('customer', 'admin')),
  user_id INTEGER NOT NULL,          -- users.id for 'customer', staff_users.id for 'admin'
  generation INTEGER NOT NULL,       -- the user's session_generation when issued: a log-out
  created_at TEXT NOT NULL           -- (which bumps it) revokes the token
);

-- Product photos and category banners: SVG drawn from these rows (pictures.py,
-- media.py); the rows name what each picture shows, for alt text and tasks.
CREATE TABLE product_images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  position INTEGER NOT NULL,         -- 1: the main photo, shown in listings
  view TEXT NOT NULL CHECK (view IN ('front', 'side', 'back', 'detail', 'top')),
  kind TEXT NOT NULL,                -- the silhouette: mug, top, shoe, ...
  colour TEXT NOT NULL,              -- the colour the photo shows
  backdrop TEXT NOT NULL,
  alt TEXT NOT NULL,
  UNIQUE (product_id, position)
);

CREATE TABLE category_banners (
  category_id INTEGER PRIMARY KEY REFERENCES categories (id),
  background TEXT NOT NULL,
  accent TEXT NOT NULL,
  alt TEXT NOT NULL
);

-- Messages sent with the storefront's Contact Us form (/contact), read by staff in the
-- back office (Customers > Contact Messages).
CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id),  -- the logged-in customer who sent it, NULL: a guest
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  telephone TEXT NOT NULL DEFAULT '',
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- A customer's compare list (/catalog/product_compare).
CREATE TABLE compare_items (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  added_at TEXT NOT NULL,
  UNIQUE (user_id, product_id)
);
