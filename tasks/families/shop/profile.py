"""Shop family over a customer's account settings: a new email address (and sometimes a new
last name), plus a newsletter subscription change, on two different account pages."""

from __future__ import annotations

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, check, click, state_eval, stop, text_is, type_text
from webenv.task_files.families.shop._common import customers, user_id

_DOMAINS = ("example.net", "mailbox.test", "post.example", "inbox.example.org", "webmail.test")


def _account_update(ctx: Context) -> Draft | None:
    username = ctx.rng.choice(customers(ctx.data))
    uid = user_id(ctx.data, username)
    first, last, newsletter = ctx.data.query(
        "shop", "SELECT first_name, last_name, newsletter FROM users WHERE id = ?", (uid,)
    )[0]
    new_last = ""
    if ctx.rng.chance(0.4):
        names = sorted(
            {n for (n,) in ctx.data.query("shop", "SELECT last_name FROM users")} - {last}
        )
        new_last = ctx.rng.choice(names)
    local = f"{first}.{new_last or last}".lower()
    if ctx.rng.chance(0.5):
        local += str(ctx.rng.randint(1, 99))
    new_email = f"{local}@{ctx.rng.choice(_DOMAINS)}"
    if ctx.data.value("shop", "SELECT COUNT(*) FROM users WHERE email = ?", (new_email,)):
        return None  # the customer's own address already, or someone else's
    toggle = (
        check("Subscribe to newsletter")
        if not newsletter
        else {"do": "uncheck", "role": "checkbox", "name": "Subscribe to newsletter"}
    )
    steps = [
        click("My Account"),
        click("Account Details"),
        *([type_text("Last name", new_last)] if new_last else []),
        type_text("Email", new_email),
        button("Save"),
        click("Newsletter Subscription"),
        toggle,
        button("Save"),
    ]
    return Draft(
        values={
            "email": new_email,
            "name_part": f" and my last name to {new_last}" if new_last else "",
            # The name alone too, so the goal's values hold what is typed (candidates).
            "last_name": new_last,
            "newsletter": "unsubscribe me from" if newsletter else "subscribe me to",
            "customer": username,
        },
        eval=state_eval(
            "shop",
            [
                (
                    "SELECT first_name || '|' || last_name || '|' || email || '|' || newsletter "
                    f"FROM users WHERE id = {uid}",
                    f"{first}|{new_last or last}|{new_email}|{0 if newsletter else 1}",
                ),
                (f"SELECT COUNT(*) FROM users WHERE {text_is('email', new_email)}", 1),
            ],
        ),
        solution=[*steps, stop()],
        login={"shop": username},
    )


FAMILIES = [
    Family(
        id="shop.account-email-newsletter",
        sites=("shop",),
        skills=("form-fill",),
        intent_template="Change my email address to {{email}}{{name_part}}, and "
        "{{newsletter}} the newsletter.",
        build=_account_update,
        confirm=None,
        length=(8, 10),
        kind="state",
    ),
]
