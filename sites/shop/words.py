"""Word lists the shop's data generator draws from.

Shipped with the code (no Faker or other library whose output drifts) so a
world seed always yields the same catalogue, customers and reviews.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Subcategory:
    """A leaf category and the words its product names are built from.

    Attributes:
        name: Display name.
        nouns: Product nouns (the last words of a product name).
        qualifiers: Materials or adjectives placed before the noun.
        price: (lowest, highest) price in whole dollars.
        sizes: Name of a size scale in :data:`SIZE_SCALES`, or "" for none.
        colours: Whether products offer a colour choice.
    """

    name: str
    nouns: tuple[str, ...]
    qualifiers: tuple[str, ...]
    price: tuple[int, int]
    sizes: str = ""
    colours: bool = False


@dataclass(frozen=True)
class Category:
    """A top-level category with its brands, selling points and subcategories."""

    name: str
    description: str
    brands: tuple[str, ...]
    features: tuple[str, ...]
    subcategories: tuple[Subcategory, ...]


SIZE_SCALES: dict[str, tuple[str, ...]] = {
    "clothing": ("XS", "S", "M", "L", "XL", "XXL"),
    "shoes": ("6", "7", "8", "9", "10", "11", "12"),
    "kids": ("2T", "3T", "4T", "5", "6", "7"),
}

COLOURS = (
    "Black",
    "White",
    "Navy",
    "Grey",
    "Red",
    "Green",
    "Blue",
    "Beige",
    "Brown",
    "Olive",
    "Burgundy",
    "Pink",
    "Teal",
    "Charcoal",
    "Mustard",
)

CATEGORIES: tuple[Category, ...] = (
    Category(
        "Electronics",
        "Headphones, speakers, chargers and the gadgets that tie a desk together.",
        ("Voltix", "Auralis", "Nimbus", "Kestrel", "Lumina", "Orbit", "Pulsar", "Zentech"),
        (
            "It pairs in seconds and keeps a stable connection across the room",
            "A USB-C port charges it fully in under two hours",
            "The firmware updates itself and adds features over time",
            "A compact body slips easily into a bag or pocket",
            "Low-power components keep it cool and quiet",
            "It works with phones, tablets and laptops out of the box",
        ),
        (
            Subcategory(
                "Headphones",
                ("Headphones", "Earbuds", "Headset", "Earphones"),
                (
                    "Wireless",
                    "Noise-Cancelling",
                    "Over-Ear",
                    "Sport",
                    "Studio",
                    "Compact",
                    "Bluetooth",
                ),
                (19, 349),
                colours=True,
            ),
            Subcategory(
                "Speakers",
                ("Speaker", "Soundbar", "Bookshelf Speakers", "Party Speaker"),
                ("Portable", "Waterproof", "Smart", "Wireless", "Mini", "Outdoor"),
                (24, 399),
                colours=True,
            ),
            Subcategory(
                "Chargers & Cables",
                (
                    "Charger",
                    "USB-C Cable",
                    "Power Bank",
                    "Charging Stand",
                    "Wall Adapter",
                    "Car Charger",
                ),
                ("Fast", "Braided", "Dual-Port", "Compact", "Magnetic", "Travel"),
                (9, 79),
            ),
            Subcategory(
                "Computer Accessories",
                ("Keyboard", "Mouse", "Webcam", "USB Hub", "Laptop Stand", "Monitor Light"),
                ("Ergonomic", "Wireless", "Mechanical", "Slim", "Backlit", "Aluminium"),
                (14, 189),
            ),
            Subcategory(
                "Smart Home",
                (
                    "Smart Plug",
                    "Smart Bulb",
                    "Video Doorbell",
                    "Thermostat",
                    "Motion Sensor",
                    "Security Camera",
                ),
                ("Wi-Fi", "Indoor", "Outdoor", "Voice-Controlled", "Dimmable", "Compact"),
                (15, 249),
            ),
        ),
    ),
    Category(
        "Home & Kitchen",
        "Cookware, tableware and the small comforts that make a home.",
        (
            "Nordic",
            "Hearth & Co",
            "Casa Verde",
            "Oakline",
            "Copperleaf",
            "Millbrook",
            "Ember",
            "Saltmarsh",
        ),
        (
            "It is dishwasher safe and easy to clean by hand",
            "The weighted base keeps it steady on any counter",
            "It is finished by hand, so each piece is slightly unique",
            "A lifetime guarantee covers everyday use",
            "It stacks neatly to save cupboard space",
            "Food-safe materials contain no BPA",
        ),
        (
            Subcategory(
                "Cookware",
                ("Frying Pan", "Saucepan", "Dutch Oven", "Stockpot", "Wok", "Grill Pan"),
                (
                    "Cast Iron",
                    "Non-Stick",
                    "Stainless Steel",
                    "Enamelled",
                    "Copper",
                    "Carbon Steel",
                ),
                (19, 229),
            ),
            Subcategory(
                "Tableware",
                (
                    "Coffee Mug",
                    "Dinner Plate Set",
                    "Pasta Bowl",
                    "Tumbler Set",
                    "Serving Platter",
                    "Teapot",
                ),
                ("Ceramic", "Stoneware", "Porcelain", "Glass", "Speckled", "Hand-Glazed"),
                (9, 89),
                colours=True,
            ),
            Subcategory(
                "Kitchen Tools",
                (
                    "Chef's Knife",
                    "Cutting Board",
                    "Whisk",
                    "Peeler",
                    "Mixing Bowl Set",
                    "Measuring Cups",
                ),
                ("Bamboo", "Olive Wood", "Stainless Steel", "Silicone", "Professional", "Japanese"),
                (6, 149),
            ),
            Subcategory(
                "Bedding",
                ("Duvet Cover", "Sheet Set", "Pillow", "Throw Blanket", "Quilt"),
                ("Linen", "Cotton", "Bamboo", "Flannel", "Organic", "Waffle-Knit"),
                (24, 199),
                colours=True,
            ),
            Subcategory(
                "Home Decor",
                ("Vase", "Candle", "Picture Frame", "Wall Clock", "Table Lamp", "Cushion Cover"),
                ("Ceramic", "Rattan", "Brass", "Marble", "Scented", "Minimalist"),
                (12, 129),
            ),
        ),
    ),
    Category(
        "Clothing",
        "Everyday wear for every season, from basics to outerwear.",
        (
            "Northway",
            "Loom & Thread",
            "Harbor",
            "Fieldcraft",
            "Urbanist",
            "Meridian",
            "Cove",
            "Alder",
        ),
        (
            "It is cut for a relaxed, true-to-size fit",
            "Pre-washed fabric means it will not shrink",
            "Reinforced seams hold up to years of wear",
            "It is machine washable on a cold cycle",
            "The breathable weave keeps you comfortable all day",
            "Made in a certified fair-trade factory",
        ),
        (
            Subcategory(
                "Men's Tops",
                ("T-Shirt", "Polo Shirt", "Oxford Shirt", "Henley", "Sweatshirt"),
                ("Cotton", "Linen", "Slim-Fit", "Organic", "Classic", "Striped"),
                (14, 79),
                sizes="clothing",
                colours=True,
            ),
            Subcategory(
                "Women's Tops",
                ("Blouse", "Tank Top", "Cardigan", "Tunic", "Crewneck Sweater"),
                ("Silk", "Cotton", "Relaxed", "Merino", "Cropped", "Ribbed"),
                (16, 99),
                sizes="clothing",
                colours=True,
            ),
            Subcategory(
                "Trousers & Jeans",
                ("Jeans", "Chinos", "Joggers", "Cargo Trousers", "Wide-Leg Trousers"),
                ("Stretch", "Straight-Leg", "Tapered", "Corduroy", "Relaxed", "Slim"),
                (29, 119),
                sizes="clothing",
                colours=True,
            ),
            Subcategory(
                "Outerwear",
                (
                    "Rain Jacket",
                    "Puffer Jacket",
                    "Wool Coat",
                    "Fleece Jacket",
                    "Denim Jacket",
                    "Parka",
                ),
                ("Waterproof", "Insulated", "Lightweight", "Packable", "Quilted", "Hooded"),
                (49, 299),
                sizes="clothing",
                colours=True,
            ),
            Subcategory(
                "Kids' Clothing",
                ("Dungarees", "Pyjama Set", "Hoodie", "T-Shirt", "Raincoat"),
                ("Organic", "Cosy", "Printed", "Soft", "Colourful", "Playful"),
                (12, 49),
                sizes="kids",
                colours=True,
            ),
        ),
    ),
    Category(
        "Shoes",
        "Trainers, boots and sandals for running, hiking and everyday.",
        ("Strider", "Peakline", "Footloom", "Trailhead", "Cobble", "Velo", "Solace", "Arrow"),
        (
            "A cushioned footbed absorbs every step",
            "The grippy rubber outsole handles wet pavements",
            "A padded collar prevents rubbing at the heel",
            "Breathable lining keeps feet dry",
            "The removable insole fits most orthotics",
            "It is lighter than it looks at under 300 grams per shoe",
        ),
        (
            Subcategory(
                "Running Shoes",
                ("Running Shoes", "Trail Runners", "Racing Flats", "Road Trainers"),
                ("Cushioned", "Lightweight", "Responsive", "Stability", "Neutral", "Carbon"),
                (59, 219),
                sizes="shoes",
                colours=True,
            ),
            Subcategory(
                "Boots",
                ("Hiking Boots", "Chelsea Boots", "Ankle Boots", "Work Boots", "Snow Boots"),
                ("Leather", "Waterproof", "Suede", "Insulated", "Lace-Up", "Rugged"),
                (69, 259),
                sizes="shoes",
                colours=True,
            ),
            Subcategory(
                "Sneakers",
                ("Sneakers", "High-Tops", "Slip-Ons", "Court Shoes"),
                ("Canvas", "Leather", "Retro", "Knit", "Classic", "Platform"),
                (39, 149),
                sizes="shoes",
                colours=True,
            ),
            Subcategory(
                "Sandals & Slippers",
                ("Sandals", "Slides", "Slippers", "Flip-Flops", "Clogs"),
                ("Cork", "Memory Foam", "Sheepskin", "Recycled", "Woven", "Adjustable"),
                (19, 99),
                sizes="shoes",
                colours=True,
            ),
        ),
    ),
    Category(
        "Sports & Outdoors",
        "Gear for camping, cycling, training and getting outside.",
        (
            "Summit",
            "Ridgeback",
            "Bluewater",
            "Trailmark",
            "Apex",
            "Wildfern",
            "Granite",
            "Northstar",
        ),
        (
            "It packs down small for travel",
            "Weather-resistant materials cope with rain and wind",
            "It was tested by guides over a full season",
            "A carry bag is included",
            "It sets up in minutes without tools",
            "Reflective details add visibility at dusk",
        ),
        (
            Subcategory(
                "Camping & Hiking",
                ("Tent", "Sleeping Bag", "Backpack", "Camping Stove", "Headlamp", "Trekking Poles"),
                (
                    "Ultralight",
                    "Two-Person",
                    "Waterproof",
                    "Four-Season",
                    "Compact",
                    "Rechargeable",
                ),
                (19, 399),
            ),
            Subcategory(
                "Fitness",
                (
                    "Yoga Mat",
                    "Dumbbell Set",
                    "Resistance Bands",
                    "Kettlebell",
                    "Foam Roller",
                    "Jump Rope",
                ),
                ("Non-Slip", "Adjustable", "Cork", "Heavy-Duty", "Travel", "Eco"),
                (12, 249),
            ),
            Subcategory(
                "Cycling",
                (
                    "Bike Helmet",
                    "Bike Light Set",
                    "Bike Lock",
                    "Cycling Gloves",
                    "Water Bottle Cage",
                    "Saddle Bag",
                ),
                ("Aero", "Commuter", "Reflective", "Gel", "Carbon", "Urban"),
                (9, 179),
            ),
            Subcategory(
                "Water Sports",
                ("Swim Goggles", "Snorkel Set", "Dry Bag", "Beach Towel", "Paddle Board Leash"),
                ("Anti-Fog", "Quick-Dry", "Waterproof", "Microfibre", "Pro", "Junior"),
                (9, 129),
                colours=True,
            ),
        ),
    ),
    Category(
        "Beauty & Personal Care",
        "Skincare, hair care and grooming essentials.",
        (
            "Aurea",
            "Bloom & Birch",
            "Pure Ritual",
            "Solstice",
            "Verdant",
            "Lumiere",
            "Halcyon",
            "Sage Lane",
        ),
        (
            "Dermatologists tested it on sensitive skin",
            "It is free from parabens and synthetic fragrance",
            "A little goes a long way, so one bottle lasts for months",
            "The recyclable packaging is made from post-consumer plastic",
            "It is vegan and never tested on animals",
            "Its light texture absorbs quickly without residue",
        ),
        (
            Subcategory(
                "Skincare",
                (
                    "Face Moisturiser",
                    "Cleanser",
                    "Serum",
                    "Eye Cream",
                    "Sunscreen SPF 50",
                    "Face Mask",
                ),
                ("Hydrating", "Vitamin C", "Gentle", "Night", "Brightening", "Calming"),
                (9, 79),
            ),
            Subcategory(
                "Hair Care",
                (
                    "Shampoo",
                    "Conditioner",
                    "Hair Oil",
                    "Styling Cream",
                    "Hair Dryer",
                    "Wide-Tooth Comb",
                ),
                ("Argan", "Volumising", "Repairing", "Curl-Defining", "Ionic", "Coconut"),
                (7, 129),
            ),
            Subcategory(
                "Bath & Body",
                ("Body Wash", "Body Lotion", "Bath Salts", "Hand Cream", "Soap Bar Set"),
                ("Lavender", "Oat", "Eucalyptus", "Shea", "Citrus", "Unscented"),
                (6, 45),
            ),
            Subcategory(
                "Grooming",
                ("Electric Shaver", "Beard Trimmer", "Razor", "Beard Oil", "Nail Clipper Set"),
                ("Cordless", "Precision", "Travel", "Stainless Steel", "Sandalwood", "Waterproof"),
                (8, 149),
            ),
        ),
    ),
    Category(
        "Grocery",
        "Pantry staples, snacks, coffee and tea.",
        (
            "Green Acre",
            "Harvest Lane",
            "Little Farm",
            "Sunfield",
            "Old Mill",
            "Wildflower",
            "Riverbend",
            "Golden Spoon",
        ),
        (
            "It is made in small batches for better flavour",
            "Every ingredient is certified organic",
            "A resealable pack keeps it fresh",
            "It contains no artificial colours or preservatives",
            "It is sourced directly from family farms",
            "It is suitable for vegetarians",
        ),
        (
            Subcategory(
                "Coffee & Tea",
                (
                    "Ground Coffee",
                    "Coffee Beans",
                    "Green Tea",
                    "Breakfast Tea",
                    "Herbal Tea",
                    "Cold Brew Concentrate",
                ),
                ("Dark Roast", "Medium Roast", "Organic", "Decaf", "Single-Origin", "Loose-Leaf"),
                (5, 34),
            ),
            Subcategory(
                "Snacks",
                (
                    "Trail Mix",
                    "Granola Bars",
                    "Dark Chocolate",
                    "Popcorn",
                    "Rice Crackers",
                    "Dried Mango",
                ),
                ("Salted", "Honey", "Spicy", "Sea Salt", "Sweet", "Crunchy"),
                (3, 19),
            ),
            Subcategory(
                "Pantry",
                (
                    "Olive Oil",
                    "Pasta",
                    "Basmati Rice",
                    "Maple Syrup",
                    "Peanut Butter",
                    "Tomato Sauce",
                ),
                ("Extra Virgin", "Whole Wheat", "Organic", "Smooth", "Pure", "Italian"),
                (3, 29),
            ),
            Subcategory(
                "Breakfast",
                ("Granola", "Porridge Oats", "Muesli", "Pancake Mix", "Fruit Jam"),
                ("Gluten-Free", "Maple Pecan", "Berry", "Wholegrain", "Apricot", "Cinnamon"),
                (3, 15),
            ),
        ),
    ),
    Category(
        "Toys & Games",
        "Board games, puzzles, building sets and outdoor play.",
        (
            "Kidsmith",
            "Playwell",
            "Brightbox",
            "Tinker Town",
            "Puzzlewood",
            "Jolly Fox",
            "Marble Hill",
            "Starling",
        ),
        (
            "It is recommended for ages six and up",
            "All paints and finishes are non-toxic",
            "Clear illustrated instructions are included",
            "It encourages problem solving and cooperation",
            "Sturdy parts survive years of play",
            "It stores neatly in its own box",
        ),
        (
            Subcategory(
                "Board Games",
                ("Strategy Game", "Family Board Game", "Card Game", "Party Game", "Word Game"),
                ("Classic", "Cooperative", "Travel", "Deluxe", "Quick-Play", "Fantasy"),
                (12, 69),
            ),
            Subcategory(
                "Puzzles",
                ("Jigsaw Puzzle", "Puzzle Cube", "Brain Teaser Set", "3D Puzzle"),
                ("1000-Piece", "500-Piece", "Wooden", "Panoramic", "Metal", "Glow-in-the-Dark"),
                (9, 49),
            ),
            Subcategory(
                "Building Sets",
                (
                    "Building Blocks",
                    "Marble Run",
                    "Robot Kit",
                    "Construction Set",
                    "Magnetic Tiles",
                ),
                ("Wooden", "Starter", "Creative", "Motorised", "Jumbo", "STEM"),
                (19, 149),
            ),
            Subcategory(
                "Outdoor Play",
                ("Kite", "Water Blaster", "Skipping Rope", "Scooter", "Bubble Machine", "Frisbee"),
                ("Stunt", "Folding", "Light-Up", "Giant", "Classic", "Kids"),
                (7, 119),
                colours=True,
            ),
        ),
    ),
    Category(
        "Books",
        "Fiction, cookbooks, children's books and guides.",
        (
            "Lantern Press",
            "Quill House",
            "Blue Heron Books",
            "Paperlane",
            "Westbrook",
            "Inkwell",
            "Foxglove Press",
            "Harper Row",
        ),
        (
            "This edition includes a new afterword",
            "It was a bestseller for twelve weeks",
            "Readers praise its clear, warm writing",
            "The hardback is printed on heavy, acid-free paper",
            "It includes illustrations throughout",
            "Book clubs will find discussion questions at the back",
        ),
        (
            Subcategory(
                "Fiction",
                ("Novel", "Short Story Collection", "Mystery", "Thriller", "Fantasy Saga"),
                ("Award-Winning", "Gripping", "Coastal", "Historical", "Literary", "Paperback"),
                (8, 32),
            ),
            Subcategory(
                "Cookbooks",
                ("Cookbook", "Baking Book", "Recipe Collection", "Kitchen Handbook"),
                ("Vegetarian", "Weeknight", "Mediterranean", "Plant-Based", "Family", "One-Pot"),
                (14, 45),
            ),
            Subcategory(
                "Children's Books",
                (
                    "Picture Book",
                    "Bedtime Stories",
                    "Activity Book",
                    "First Reader",
                    "Atlas for Kids",
                ),
                ("Illustrated", "Lift-the-Flap", "Rhyming", "Board", "Animal", "Adventure"),
                (6, 24),
            ),
            Subcategory(
                "Travel Guides",
                ("Travel Guide", "Road Atlas", "Hiking Guide", "City Guide", "Phrasebook"),
                ("Pocket", "Essential", "Complete", "Walking", "Budget", "Illustrated"),
                (9, 35),
            ),
        ),
    ),
    Category(
        "Office Supplies",
        "Notebooks, pens, desk organisers and everything for the home office.",
        (
            "Scribe",
            "Deskwise",
            "Papermoon",
            "Inkling",
            "Marlowe",
            "Studio Nine",
            "Clearfile",
            "Fenwick",
        ),
        (
            "Fountain-pen-friendly paper resists bleed-through",
            "It is refillable to cut waste",
            "Rounded corners survive daily carrying",
            "It comes in a gift-ready box",
            "Recycled materials make up most of its weight",
            "It fits neatly in a standard desk drawer",
        ),
        (
            Subcategory(
                "Notebooks & Paper",
                ("Notebook", "Planner", "Sketchbook", "Sticky Notes", "Journal"),
                ("Dotted", "Lined", "Hardcover", "A5", "Weekly", "Spiral"),
                (4, 39),
                colours=True,
            ),
            Subcategory(
                "Pens & Pencils",
                (
                    "Fountain Pen",
                    "Gel Pen Set",
                    "Mechanical Pencil",
                    "Highlighter Set",
                    "Fineliner Set",
                ),
                ("Brass", "Retractable", "Pastel", "Fine-Tip", "Refillable", "Classic"),
                (3, 89),
            ),
            Subcategory(
                "Desk Organisation",
                (
                    "Desk Organiser",
                    "File Folder Set",
                    "Pen Holder",
                    "Monitor Riser",
                    "Drawer Tray",
                    "Cable Box",
                ),
                ("Bamboo", "Metal Mesh", "Felt", "Walnut", "Stackable", "Acrylic"),
                (8, 79),
            ),
            Subcategory(
                "Office Furniture",
                ("Desk Chair", "Standing Desk", "Footrest", "Bookshelf", "Filing Cabinet"),
                ("Ergonomic", "Adjustable", "Mesh", "Oak", "Compact", "Mobile"),
                (39, 499),
            ),
        ),
    ),
)

DESCRIPTION_OPENERS = (
    "The {name} brings {brand} quality to everyday {use}.",
    "Meet the {name}, designed by {brand} for {use}.",
    "{brand} built the {name} for people who want dependable gear for {use}.",
    "A customer favourite for {use}, the {name} is made to last.",
)

USES = {
    "Electronics": "listening, charging and working",
    "Home & Kitchen": "cooking and living at home",
    "Clothing": "wear in every season",
    "Shoes": "walking, running and the commute",
    "Sports & Outdoors": "training and time outdoors",
    "Beauty & Personal Care": "a simple daily routine",
    "Grocery": "the kitchen cupboard",
    "Toys & Games": "family play time",
    "Books": "reading at home or on the move",
    "Office Supplies": "the desk at home or work",
}

FIRST_NAMES = (
    "Olivia",
    "Liam",
    "Ava",
    "Noah",
    "Sophia",
    "Mason",
    "Isabella",
    "Lucas",
    "Mia",
    "Ethan",
    "Amelia",
    "James",
    "Harper",
    "Benjamin",
    "Evelyn",
    "Elijah",
    "Abigail",
    "Henry",
    "Charlotte",
    "Alexander",
    "Grace",
    "Daniel",
    "Chloe",
    "Samuel",
    "Zoe",
    "David",
    "Nora",
    "Gabriel",
    "Lily",
    "Julian",
    "Hannah",
    "Mateo",
    "Aria",
    "Leo",
    "Layla",
    "Owen",
    "Priya",
    "Ryan",
    "Sofia",
    "Nathan",
    "Maya",
    "Aaron",
    "Leah",
    "Omar",
    "Ruby",
    "Victor",
    "Ines",
    "Kenji",
    "Fatima",
    "Tomas",
)

LAST_NAMES = (
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
    "Green",
    "Adams",
    "Nelson",
    "Baker",
    "Hall",
    "Rivera",
    "Campbell",
    "Mitchell",
    "Carter",
    "Roberts",
    "Patel",
    "Kim",
)

STREET_NAMES = (
    "Maple",
    "Oak",
    "Cedar",
    "Pine",
    "Elm",
    "Willow",
    "Lakeview",
    "Hillcrest",
    "Sunset",
    "Park",
    "River",
    "Meadow",
    "Highland",
    "Church",
    "Mill",
    "Spring",
    "Forest",
    "Chestnut",
    "Harbor",
    "Valley",
    "Birch",
    "Ridge",
    "Washington",
    "Lincoln",
    "Franklin",
)

STREET_KINDS = ("Street", "Avenue", "Road", "Lane", "Drive", "Court", "Boulevard", "Way")

CITIES = (
    # city, state, ZIP prefix, telephone area code
    ("Portland", "OR", "972", "503"),
    ("Seattle", "WA", "981", "206"),
    ("Austin", "TX", "787", "512"),
    ("Denver", "CO", "802", "303"),
    ("Boston", "MA", "021", "617"),
    ("Chicago", "IL", "606", "312"),
    ("Minneapolis", "MN", "554", "612"),
    ("Raleigh", "NC", "276", "919"),
    ("San Diego", "CA", "921", "619"),
    ("Sacramento", "CA", "958", "916"),
    ("Phoenix", "AZ", "850", "602"),
    ("Nashville", "TN", "372", "615"),
    ("Pittsburgh", "PA", "152", "412"),
    ("Madison", "WI", "537", "608"),
    ("Salt Lake City", "UT", "841", "801"),
    ("Columbus", "OH", "432", "614"),
    ("Atlanta", "GA", "303", "404"),
    ("Baltimore", "MD", "212", "410"),
    ("Burlington", "VT", "054", "802"),
    ("Santa Fe", "NM", "875", "505"),
)

ADDRESS_EXTRAS = ("", "", "", "Apt 4B", "Unit 12", "Suite 300", "Apt 2", "Floor 3")

REVIEW_TITLES = {
    5: (
        "Absolutely love it",
        "Exceeded my expectations",
        "Perfect",
        "Best purchase this year",
        "Five stars, no question",
        "Exactly what I wanted",
    ),
    4: (
        "Really good",
        "Very happy with it",
        "Great value",
        "Solid choice",
        "Would buy again",
        "Nearly perfect",
    ),
    3: (
        "It's okay",
        "Does the job",
        "Mixed feelings",
        "Average",
        "Fine for the price",
        "Not bad, not great",
    ),
    2: ("Disappointed", "Not as described", "Expected more", "Quality could be better", "Meh"),
    1: ("Returned it", "Poor quality", "Would not recommend", "Broke quickly", "Waste of money"),
}

REVIEW_SENTENCES = {
    5: (
        "The {noun} {is} even better than the description suggests.",
        "I use it every day and it still looks brand new.",
        "Delivery was quick and it was packed with care.",
        "You can tell {brand} cares about the details.",
        "I have already ordered a second one as a gift.",
        "Worth every cent of {price}.",
    ),
    4: (
        "The {noun} {does} everything I need.",
        "Quality is good, though the packaging was excessive.",
        "It took a few days to get used to, but now I love it.",
        "For {price} it is a very good deal.",
        "I would give it five stars if it came in more colours.",
        "Good build quality from {brand}.",
    ),
    3: (
        "The {noun} {is} fine but nothing special.",
        "It works, but the finish is a little rough.",
        "At {price} I expected slightly better quality.",
        "Some parts are great, others feel cheap.",
        "It arrived later than promised.",
        "It is smaller than I imagined.",
    ),
    2: (
        "The {noun} stopped feeling sturdy after a few weeks.",
        "It does not match the description very well.",
        "Customer service was helpful, but the product is weak.",
        "I expected more from {brand}.",
        "Not worth {price} in my opinion.",
    ),
    1: (
        "The {noun} broke within a week.",
        "It looked nothing like the description.",
        "I sent it back and ordered something else.",
        "Very poor quality for {price}.",
        "I will not buy from {brand} again.",
    ),
}

# -- product specifications ("More Information") ------------------------------------------

SPEC_ATTRIBUTES: tuple[tuple[str, str, bool], ...] = (
    # code, label, filterable (layered navigation on category and search pages)
    ("material", "Material", True),
    ("capacity", "Capacity", True),
    ("pack_size", "Pack Size", True),
    ("dimensions", "Dimensions", False),
    ("weight", "Weight", False),
    ("release_date", "Release Date", False),
)


@dataclass(frozen=True)
class SpecProfile:
    """Which specification attributes a subcategory's products have, and their values.

    Attributes:
        materials: Materials to draw from when the product's qualifier names none.
        capacities: Capacity values ("350 ml"), or none.
        packs: Pack sizes (units per pack), or none.
        size_cm: (shortest, longest) side in centimetres, or None for no dimensions.
        weight_g: (lightest, heaviest) in grams, or None for no weight.
        released: Whether products show a release (publication) date.
    """

    materials: tuple[str, ...] = ()
    capacities: tuple[str, ...] = ()
    packs: tuple[int, ...] = ()
    size_cm: tuple[int, int] | None = None
    weight_g: tuple[int, int] | None = None
    released: bool = False


MATERIAL_QUALIFIERS = frozenset(
    {
        "Aluminium",
        "Bamboo",
        "Brass",
        "Canvas",
        "Carbon",
        "Carbon Steel",
        "Cast Iron",
        "Ceramic",
        "Copper",
        "Cork",
        "Corduroy",
        "Cotton",
        "Felt",
        "Flannel",
        "Glass",
        "Leather",
        "Linen",
        "Marble",
        "Merino",
        "Metal",
        "Metal Mesh",
        "Oak",
        "Olive Wood",
        "Porcelain",
        "Rattan",
        "Sheepskin",
        "Silicone",
        "Silk",
        "Stainless Steel",
        "Stoneware",
        "Suede",
        "Walnut",
        "Wooden",
    }
)
"""Product-name qualifiers that name the product's material (it then has that material)."""

SPEC_PROFILES: dict[str, SpecProfile] = {
    "Headphones": SpecProfile(
        ("ABS Plastic", "Aluminium", "Silicone"), (), (), (6, 20), (30, 350), True
    ),
    "Speakers": SpecProfile(
        ("ABS Plastic", "Aluminium", "Fabric Mesh"), (), (), (8, 90), (250, 4200), True
    ),
    "Chargers & Cables": SpecProfile(
        ("ABS Plastic", "Braided Nylon", "Aluminium"),
        ("5,000 mAh", "10,000 mAh", "20,000 mAh"),
        (1, 2),
        (4, 200),
        (40, 420),
        True,
    ),
    "Computer Accessories": SpecProfile(
        ("ABS Plastic", "Aluminium"), (), (), (8, 45), (80, 1400), True
    ),
    "Smart Home": SpecProfile(
        ("ABS Plastic", "Polycarbonate"), (), (1, 2, 4), (5, 20), (60, 600), True
    ),
    "Cookware": SpecProfile(
        ("Aluminium", "Stainless Steel", "Cast Iron"),
        ("1.5 L", "2.5 L", "4 L", "6 L"),
        (),
        (20, 36),
        (900, 5200),
    ),
    "Tableware": SpecProfile(
        ("Ceramic", "Stoneware"),
        ("250 ml", "350 ml", "450 ml", "600 ml"),
        (1, 2, 4, 6),
        (8, 32),
        (250, 2400),
    ),
    "Kitchen Tools": SpecProfile(
        ("Stainless Steel", "Bamboo", "Silicone"), (), (1, 3), (10, 45), (60, 900)
    ),
    "Bedding": SpecProfile(("Cotton", "Linen", "Bamboo"), (), (1, 2), (40, 240), (400, 2600)),
    "Home Decor": SpecProfile(
        ("Ceramic", "Glass", "Brass", "Wood"), (), (1, 2), (10, 60), (150, 2500)
    ),
    "Men's Tops": SpecProfile(("Cotton", "Organic Cotton", "Linen", "Cotton Blend")),
    "Women's Tops": SpecProfile(("Cotton", "Viscose", "Merino Wool", "Silk")),
    "Trousers & Jeans": SpecProfile(("Cotton Denim", "Cotton Twill", "Organic Cotton", "Corduroy")),
    "Outerwear": SpecProfile(("Recycled Polyester", "Nylon", "Wool Blend", "Cotton")),
    "Kids' Clothing": SpecProfile(("Organic Cotton", "Cotton", "Cotton Fleece")),
    "Running Shoes": SpecProfile(
        ("Engineered Mesh", "Knit", "Synthetic"), (), (), None, (190, 340)
    ),
    "Boots": SpecProfile(("Leather", "Suede", "Waxed Canvas"), (), (), None, (650, 1600)),
    "Sneakers": SpecProfile(("Canvas", "Leather", "Knit"), (), (), None, (300, 900)),
    "Sandals & Slippers": SpecProfile(
        ("Cork", "EVA Foam", "Sheepskin", "Rubber"), (), (), None, (150, 600)
    ),
    "Camping & Hiking": SpecProfile(
        ("Ripstop Nylon", "Polyester", "Aluminium"),
        ("20 L", "35 L", "50 L"),
        (),
        (15, 220),
        (90, 4800),
    ),
    "Fitness": SpecProfile(
        ("TPE Foam", "Natural Rubber", "Cast Iron", "Cork"), (), (1, 3, 5), (20, 180), (200, 20000)
    ),
    "Cycling": SpecProfile(
        ("Polycarbonate", "Aluminium", "Hardened Steel", "Nylon"), (), (1, 2), (8, 40), (60, 1500)
    ),
    "Water Sports": SpecProfile(
        ("Silicone", "Microfibre", "PVC", "Neoprene"),
        ("10 L", "20 L", "30 L"),
        (),
        (15, 180),
        (80, 900),
    ),
    "Skincare": SpecProfile((), ("30 ml", "50 ml", "100 ml", "200 ml"), (1, 2, 3), None, None),
    "Hair Care": SpecProfile((), ("100 ml", "250 ml", "500 ml"), (1, 2), None, None),
    "Bath & Body": SpecProfile((), ("100 ml", "250 ml", "500 ml"), (1, 3, 6), None, None),
    "Grooming": SpecProfile(
        ("Stainless Steel", "ABS Plastic", "Glass"), ("30 ml", "50 ml"), (1, 2), (8, 20), (40, 450)
    ),
    "Coffee & Tea": SpecProfile((), ("250 g", "500 g", "1 kg"), (1, 2, 4, 6), None, None),
    "Snacks": SpecProfile((), ("100 g", "200 g", "400 g"), (1, 4, 6, 12), None, None),
    "Pantry": SpecProfile((), ("250 ml", "500 ml", "500 g", "1 kg"), (1, 2, 4, 6), None, None),
    "Breakfast": SpecProfile((), ("375 g", "500 g", "750 g", "1 kg"), (1, 2, 4), None, None),
    "Board Games": SpecProfile(("Cardboard", "Wood"), (), (), (15, 40), (300, 2200), True),
    "Puzzles": SpecProfile(("Cardboard", "Wood", "Metal"), (), (), (10, 70), (150, 1400), True),
    "Building Sets": SpecProfile(
        ("Beech Wood", "ABS Plastic", "Recycled Plastic"), (), (), (20, 60), (400, 3200), True
    ),
    "Outdoor Play": SpecProfile(
        ("Nylon", "Aluminium", "Recycled Plastic"), (), (1, 2, 4), (20, 120), (90, 4200), True
    ),
    "Fiction": SpecProfile((), (), (), (13, 24), (180, 900), True),
    "Cookbooks": SpecProfile((), (), (), (19, 29), (500, 1500), True),
    "Children's Books": SpecProfile((), (), (), (15, 30), (150, 700), True),
    "Travel Guides": SpecProfile((), (), (), (11, 30), (180, 900), True),
    "Notebooks & Paper": SpecProfile(
        ("Recycled Paper", "Cotton Paper", "Kraft Paper"), (), (1, 2, 3, 5), (10, 30), (80, 600)
    ),
    "Pens & Pencils": SpecProfile(
        ("Plastic", "Brass", "Aluminium"), (), (1, 3, 5, 10), (12, 16), (10, 120)
    ),
    "Desk Organisation": SpecProfile(
        ("ABS Plastic", "Steel"), (), (1, 2, 3), (10, 60), (150, 2500)
    ),
    "Office Furniture": SpecProfile(
        ("Steel", "Oak Veneer", "Mesh", "Birch Plywood"), (), (), (40, 180), (3000, 38000)
    ),
}
"""Subcategory name -> the specification attributes its products carry."""

# -- review text: composed from a product's type and its attributes -----------------------

REVIEW_ASPECTS: dict[str, tuple[str, ...]] = {
    "Electronics": ("sound", "battery life", "build quality", "connection", "set-up", "controls"),
    "Home & Kitchen": ("finish", "weight in the hand", "heat spread", "size", "cleaning", "feel"),
    "Clothing": ("fit", "fabric", "stitching", "colour", "length", "warmth"),
    "Shoes": ("fit", "grip", "cushioning", "support", "sole", "break-in time"),
    "Sports & Outdoors": ("grip", "weight", "durability", "packed size", "comfort", "buckles"),
    "Beauty & Personal Care": (
        "scent",
        "texture",
        "bottle",
        "result",
        "feel on the skin",
        "lather",
    ),
    "Grocery": ("taste", "freshness", "aroma", "texture", "packaging", "value"),
    "Toys & Games": ("instructions", "pieces", "replay value", "box", "fun factor", "durability"),
    "Books": ("writing", "pacing", "layout", "paper", "binding", "index"),
    "Office Supplies": ("finish", "paper", "build quality", "size", "feel", "sturdiness"),
}
"""Top-level category -> the aspects reviewers talk about."""

REVIEW_CONTEXTS: dict[str, tuple[str, ...]] = {
    "Electronics": (
        "on my commute",
        "at my desk",
        "on long flights",
        "in the kitchen",
        "at the gym",
    ),
    "Home & Kitchen": (
        "for weeknight dinners",
        "for Sunday roasts",
        "in a small flat",
        "for guests",
        "every morning",
    ),
    "Clothing": (
        "for the office",
        "on weekends",
        "on cold mornings",
        "for travel",
        "around the house",
    ),
    "Shoes": ("on my morning runs", "on long walks", "for the commute", "on wet trails", "at work"),
    "Sports & Outdoors": (
        "on weekend hikes",
        "at the gym",
        "on a week of camping",
        "on rainy rides",
        "at the lake",
    ),
    "Beauty & Personal Care": (
        "every morning",
        "before bed",
        "after the gym",
        "on holiday",
        "in winter",
    ),
    "Grocery": (
        "for breakfast",
        "in packed lunches",
        "on busy mornings",
        "for baking",
        "as an afternoon treat",
    ),
    "Toys & Games": (
        "on family game nights",
        "with my nephew",
        "on rainy afternoons",
        "with friends",
        "at a birthday party",
    ),
    "Books": (
        "on my commute",
        "before bed",
        "on holiday",
        "with my book club",
        "over a long weekend",
    ),
    "Office Supplies": (
        "at my desk",
        "in meetings",
        "for journaling",
        "for school",
        "in the home office",
    ),
}
"""Top-level category -> where and when reviewers used the product."""

REVIEW_OPENERS: dict[str, tuple[str, ...]] = {
    "positive": (
        "I have used this {noun} {context} for {duration} and I am impressed.",
        "Bought the {brand} {noun} {when} and it has earned its place.",
        "This {noun} {is} exactly what I was after {context}.",
        "After {duration} of using it {context}, I can recommend this {noun}.",
        "My second {brand} purchase, and the {noun} {does} not disappoint.",
        "Picked this {noun} up {when} to use {context}, and I am glad I did.",
    ),
    "mixed": (
        "I have used this {noun} {context} for {duration}; it is a mixed bag.",
        "Bought the {brand} {noun} {when}, and my feelings are mixed.",
        "The {noun} {does} the job {context}, with a few reservations.",
        "After {duration} with this {noun}, I am on the fence.",
        "Decent {noun} for use {context}, but not quite what I hoped for.",
    ),
    "negative": (
        "I used this {noun} {context} for {duration} and I regret it.",
        "Bought the {brand} {noun} {when} and it let me down.",
        "I wanted a reliable {noun} for use {context}; this was not it.",
        "After {duration} the {noun} already shows its weaknesses.",
        "Not the {noun} I expected from {brand}.",
    ),
}

REVIEW_JUDGEMENTS: dict[str, tuple[str, ...]] = {
    "positive": (
        "The {aspect} is excellent.",
        "The {aspect} is better than on anything I owned before.",
        "I really like the {aspect}.",
        "The {aspect} stands out for the price.",
        "No complaints about the {aspect} at all.",
    ),
    "mixed": (
        "The {aspect} is fine, nothing more.",
        "The {aspect} could be better.",
        "The {aspect} is good, but not great.",
        "I have mixed feelings about the {aspect}.",
    ),
    "negative": (
        "The {aspect} is poor.",
        "The {aspect} was a real disappointment.",
        "The {aspect} is much worse than I expected.",
        "I cannot say anything good about the {aspect}.",
    ),
}

REVIEW_ATTRIBUTE_CLAUSES: dict[str, dict[str, tuple[str, ...]]] = {
    "material": {
        "positive": (
            "The {material} feels solid and well made.",
            "I love the {material}; it has aged nicely.",
        ),
        "mixed": (
            "The {material} is fine, though it marks easily.",
            "I expected the {material} to feel nicer.",
        ),
        "negative": ("The {material} feels cheap.", "The {material} started to wear within weeks."),
    },
    "capacity": {
        "positive": ("The {capacity} size is just right for me.", "At {capacity} it holds plenty."),
        "mixed": (
            "The {capacity} size is a little small for my needs.",
            "{capacity} sounded bigger on paper.",
        ),
        "negative": (
            "{capacity} is not nearly enough in practice.",
            "The {capacity} claim seems generous.",
        ),
    },
    "weight": {
        "positive": (
            "At {weight} it is easy to move around.",
            "It weighs {weight}, which feels reassuring.",
        ),
        "mixed": (
            "At {weight} it is heavier than I expected.",
            "It weighs {weight}; a bit much for me.",
        ),
        "negative": (
            "At {weight} it is far too heavy for what it is.",
            "The {weight} weight makes it awkward to use.",
        ),
    },
    "dimensions": {
        "positive": (
            "At {dimensions} it fits neatly where I wanted it.",
            "The {dimensions} footprint is perfect.",
        ),
        "mixed": (
            "At {dimensions} it takes up more room than I thought.",
            "Check the {dimensions} size before you order.",
        ),
        "negative": (
            "At {dimensions} it does not fit where the listing suggested.",
            "The {dimensions} size is awkward.",
        ),
    },
    "pack_size": {
        "positive": (
            "The pack of {pack} lasted me {duration}.",
            "A pack of {pack} is great value.",
        ),
        "mixed": (
            "A pack of {pack} goes quicker than you would think.",
            "I would prefer a bigger pack than {pack}.",
        ),
        "negative": (
            "Even a pack of {pack} did not last {duration}.",
            "A pack of {pack} is poor value at this price.",
        ),
    },
    "fit": {
        "positive": (
            "I ordered size {size} in {colour} and it fits perfectly.",
            "Size {size} in {colour} was true to size.",
        ),
        "mixed": (
            "Size {size} runs slightly small, and the {colour} is darker than I expected.",
            "I ordered {colour} in {size}; the fit is okay.",
        ),
        "negative": (
            "Size {size} is nowhere near true to size.",
            "The {colour} faded after a few washes and size {size} shrank.",
        ),
    },
    "colour": {
        "positive": (
            "The {colour} looks even better in person.",
            "I chose {colour} and it matches everything.",
        ),
        "mixed": (
            "The {colour} is a shade off from what I expected.",
            "The {colour} is nice, if a little dull.",
        ),
        "negative": (
            "The {colour} was nothing like the listing described.",
            "The {colour} faded quickly.",
        ),
    },
}
"""Attribute -> sentiment -> a clause about that attribute of the product."""

REVIEW_CLOSERS: dict[str, tuple[str, ...]] = {
    "positive": (
        "Worth every cent of {price}.",
        "I would happily buy it again.",
        "Already recommended it to two friends.",
        "Five stars from me.",
        "Easily the best {noun} I have owned.",
        "Great value at {price}.",
    ),
    "mixed": (
        "Fair enough for {price}, but shop around.",
        "It will do until I find something better.",
        "Okay for the money, nothing more.",
        "Fine if you can get it on sale.",
    ),
    "negative": (
        "Not worth {price} in my opinion.",
        "I am sending it back.",
        "I will look at other brands next time.",
        "Save your money.",
        "I expected far more from {brand}.",
    ),
}

REVIEW_DURATIONS = (
    "two weeks",
    "three weeks",
    "a month",
    "six weeks",
    "two months",
    "three months",
    "four months",
    "half a year",
    "nearly a year",
)

REVIEW_MOMENTS = (
    "last spring",
    "last summer",
    "in the autumn",
    "over the winter",
    "as a birthday present",
    "on a whim",
    "in a sale",
    "to replace an old one",
    "after reading the reviews",
)

SERIES = ("II", "Plus", "Pro", "Lite", "Max", "Classic", "Select", "Edition 2", "Mini", "XL")
"""Series names that tell products apart once a large world used up the plain names."""

CONTACT_MESSAGES: tuple[str, ...] = (
    # Contact Us messages of a world's customers; {order} is one of their order numbers,
    # {product} a product of that order.
    "Hello, my order #{order} arrived with a damaged {product}. Could you send a replacement?",
    "I would like to return the {product} from order #{order}. It is not what I expected.",
    "Is it still possible to change the shipping address of order #{order}?",
    "I think I was charged twice for order #{order}. Please check and refund the extra charge.",
    "The tracking number of order #{order} shows no updates for a week. Where is my parcel?",
    "Will the {product} be back in stock soon? I would like to order another one.",
    "Do you offer gift wrapping? I want to send the {product} as a birthday present.",
    "Do you ship to Canada? A friend of mine would like the {product} too.",
    "My coupon code SAVE10 was not accepted at checkout. Is it still valid?",
    "Do you offer a discount for bulk orders? Our office needs twenty of the {product}.",
    "The {product} from order #{order} is missing its instructions. Can you email them?",
    "Could you tell me the exact dimensions of the {product} before I buy it again?",
)
"""Contact Us messages, one per sender in a world (see the admin datagen)."""

CONTACT_GUESTS: tuple[tuple[str, str], ...] = (
    ("Grace Whitfield", "grace.whitfield@example.net"),
    ("Tomas Varga", "tvarga@example.org"),
    ("Priya Raman", "priya.raman@example.com"),
)
"""Guests (no account) who write through the Contact Us form."""
