"""Shop family over a customer's address book: make the address in a named city the default
with a new phone number, or delete another address afterwards, or both; infeasible when the
book has no address in that city."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    check,
    click,
    infeasible,
    infeasible_eval,
    sql_text,
    state_eval,
    stop,
    type_text,
)
from webenv.task_files.families.shop._common import customers, user_id


@dataclass(frozen=True)
class _Address:
    id: int
    street: str
    city: str
    phone: str
    is_default: int


def _book(ctx: Context, uid: int) -> list[_Address]:
    """A customer's addresses in the address book's order (default first, then by id)."""
    rows = ctx.data.query(
        "shop",
        "SELECT id, street, city, phone, is_default FROM addresses WHERE user_id = ? "
        "ORDER BY is_default DESC, id",
        (uid,),
    )
    return [_Address(*row) for row in rows]


def _default_in_city(ctx: Context) -> Draft | None:
    feasible = ctx.rng.chance(0.75)
    # A feasible instance needs a customer with a second address to make the default.
    pool = (
        [
            name
            for (name,) in ctx.data.query(
                "shop",
                "SELECT u.username FROM users u JOIN addresses a ON a.user_id = u.id "
                "GROUP BY u.id HAVING COUNT(*) > 1 ORDER BY u.username",
            )
        ]
        if feasible
        else customers(ctx.data)
    )
    if not pool:
        return None
    username = ctx.rng.choice(pool)
    uid = user_id(ctx.data, username)
    book = _book(ctx, uid)
    cities = [a.city for a in book]
    candidates = [a for a in book if not a.is_default and cities.count(a.city) == 1]
    to_book = [click("My Account"), click("Address Book")]
    if not feasible:
        others = sorted(
            {city for (city,) in ctx.data.query("shop", "SELECT city FROM addresses")} - set(cities)
        )
        city = ctx.rng.choice(others)
        return Draft(
            values={
                "city": city,
                "phone_part": "",
                "phone": "",
                "delete_part": "",
                "customer": username,
            },
            eval=infeasible_eval(),
            solution=[*to_book, infeasible(f"My address book has no address in {city}.")],
            answer="N/A",
            login={"shop": username},
        )
    if not candidates:
        return None
    target = ctx.rng.choice(candidates)
    rest = [a for a in book if a != target and cities.count(a.city) == 1]
    # Always a multi-step edit: a new phone number, deleting another address, or both.
    extra = ctx.rng.choice(("phone", "delete", "both") if rest else ("phone",))
    phone = ""
    if extra != "delete":
        area = target.phone[:5] if target.phone.startswith("(") else "(555)"
        phone = f"{area} 555-{ctx.rng.randint(100, 199):04d}"
        if phone == target.phone:
            return None
    deleted = ctx.rng.choice(rest) if extra != "phone" else None
    if phone:
        steps = [
            *to_book,
            click("Edit", nth=book.index(target)),
            type_text("Phone", phone),
            check("Use as my default address"),
            button("Save address"),
        ]
    else:
        non_default = [a for a in book if not a.is_default]
        steps = [*to_book, click("Set as default", role="button", nth=non_default.index(target))]
    checks: list[tuple[str, Any]] = [
        (
            f"SELECT group_concat(street, ' | ') FROM addresses WHERE user_id = {uid} "
            "AND is_default = 1",
            target.street,
        ),
        (
            f"SELECT phone FROM addresses WHERE id = {target.id} AND user_id = {uid}",
            phone or target.phone,
        ),
        (f"SELECT COUNT(*) FROM addresses WHERE user_id = {uid}", len(book) - bool(deleted)),
    ]
    if deleted is not None:
        after = [target, *(a for a in book if a != target)]  # the new default comes first
        steps.append(click("Delete", role="button", nth=after.index(deleted)))
        checks.append(
            (
                f"SELECT COUNT(*) FROM addresses WHERE user_id = {uid} AND street = "
                f"{sql_text(deleted.street)}",
                0,
            )
        )
    return Draft(
        values={
            "city": target.city,
            "phone_part": f", with the phone number {phone}" if phone else "",
            # The number alone too, so the goal's values hold what is typed (candidates).
            "phone": phone,
            "delete_part": f", then delete my address in {deleted.city}" if deleted else "",
            "customer": username,
        },
        eval=state_eval("shop", checks),
        solution=[*steps, stop()],
        answer=target.street,
        login={"shop": username},
    )


def _confirm_default_in_city(ctx: Context, values: dict[str, Any]) -> str:
    """The customer's one address in the city, found in Python; N/A when there is none."""
    rows = ctx.data.query(
        "shop",
        "SELECT a.street, a.city FROM addresses a, users u WHERE u.id = a.user_id "
        "AND u.username = ?",
        (values["customer"],),
    )
    streets = [street for street, city in rows if city == values["city"]]
    return streets[0] if len(streets) == 1 else "N/A"


FAMILIES = [
    Family(
        id="shop.default-address-in-city",
        sites=("shop",),
        skills=("form-fill",),
        intent_template="Make my saved address in {{city}} my default shipping address"
        "{{phone_part}}{{delete_part}}.",
        build=_default_in_city,
        confirm=_confirm_default_in_city,
        length=(3, 9),
        kind="mixed",
    ),
]
