"""What the shop's Magento-style REST API (``/rest/V1``) is built from.

The endpoints are two blueprints: the storefront's (:mod:`webenv.sites.shop.api`:
products, categories, the customer, the cart, checkout and the customer's orders) and
the back office's (:mod:`webenv.sites.shop.admin.api`: every order and its actions,
product updates, customer search). Both use:

- :mod:`.auth`: access tokens (``POST /rest/V1/integration/customer/token`` and
  ``.../admin/token``) and who is asking, by ``Authorization: Bearer`` token or by the
  site's login session cookie;
- :mod:`.criteria`: Magento's ``searchCriteria`` query parameters (filter groups,
  sort orders, page size and current page) over a table of searchable fields;
- :mod:`.resources`: the JSON shapes of products, categories, customers, carts and
  orders, in Magento's field names.

Every write calls the function the corresponding form's view calls, so the rules are
the same both ways; the API only translates JSON into those functions' fields.
"""
