-- Schema of the shop site. Money is integer cents; timestamps are
-- 'YYYY-MM-DD HH:MM:SS' text in world time.

DROP TABLE IF EXISTS order_items;
DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS wishlist_items;
DROP TABLE IF EXISTS cart_items;
DROP TABLE IF EXISTS reviews;
DROP TABLE IF EXISTS addresses;
DROP TABLE IF EXISTS coupons;
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

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
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
