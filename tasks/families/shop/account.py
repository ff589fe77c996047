"""Shop families over the task user's account: multi-field edits of the address book."""

from __future__ import annotations

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, check, click, state_eval, stop, text_is, type_text
from webenv.task_files.families.shop._common import user_id

# The address form's fields in page order: (column, label).
_FIELDS = (
    ("full_name", "Full name"),
    ("street", "Street address"),
    ("city", "City"),
    ("state", "State"),
    ("postcode", "ZIP code"),
    ("phone", "Phone"),
)


def _new_default_address(ctx: Context) -> Draft | None:
    """Someone else's real address (so values look real), added as the user's default."""
    uid = user_id(ctx.data)
    rows = ctx.data.query(
        "shop",
        "SELECT full_name, street, city, state, postcode, phone "
        "FROM addresses WHERE user_id <> ? AND country = 'United States' "
        "ORDER BY id",
        (uid,),
    )
    if not rows:
        return None
    address = dict(zip((column for column, _ in _FIELDS), ctx.rng.choice(rows), strict=True))
    own = ctx.data.query("shop", "SELECT street FROM addresses WHERE user_id = ?", (uid,))
    if (address["street"],) in own:
        return None
    steps = [
        click("My Account"),
        click("Address Book"),
        click("Add new address"),
        *[type_text(label, address[column]) for column, label in _FIELDS],
        check("Use as my default address"),
        button("Save address"),
    ]
    return Draft(
        values=dict(address),
        eval=state_eval(
            "shop",
            [
                (
                    f"SELECT {', '.join(column for column, _ in _FIELDS)} FROM addresses "
                    f"WHERE user_id = {uid} AND is_default = 1",
                    [[address[column] for column, _ in _FIELDS]],
                ),
                (
                    f"SELECT COUNT(*) FROM addresses WHERE user_id = {uid} AND "
                    f"{text_is('street', address['street'])}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM addresses WHERE user_id = {uid}", len(own) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


FAMILIES = [
    Family(
        id="shop.new-default-address",
        sites=("shop",),
        skills=("form-fill",),
        intent_template="Add this address to my address book and make it my default: "
        "{{full_name}}, {{street}}, {{city}}, {{state}} {{postcode}}, phone "
        "{{phone}}.",
        build=_new_default_address,
        confirm=None,
        length=(12, 12),
        kind="state",
    ),
]
