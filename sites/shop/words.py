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
    "Black", "White", "Navy", "Grey", "Red", "Green", "Blue", "Beige", "Brown",
    "Olive", "Burgundy", "Pink", "Teal", "Charcoal", "Mustard",
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
            Subcategory("Headphones", ("Headphones", "Earbuds", "Headset", "Earphones"),
                        ("Wireless", "Noise-Cancelling", "Over-Ear", "Sport", "Studio", "Compact",
                         "Bluetooth"), (19, 349), colours=True),
            Subcategory("Speakers", ("Speaker", "Soundbar", "Bookshelf Speakers", "Party Speaker"),
                        ("Portable", "Waterproof", "Smart", "Wireless", "Mini", "Outdoor"),
                        (24, 399), colours=True),
            Subcategory("Chargers & Cables", ("Charger", "USB-C Cable", "Power Bank",
                        "Charging Stand", "Wall Adapter", "Car Charger"),
                        ("Fast", "Braided", "Dual-Port", "Compact", "Magnetic", "Travel"), (9, 79)),
            Subcategory("Computer Accessories", ("Keyboard", "Mouse", "Webcam", "USB Hub",
                        "Laptop Stand", "Monitor Light"),
                        ("Ergonomic", "Wireless", "Mechanical", "Slim", "Backlit", "Aluminium"),
                        (14, 189)),
            Subcategory("Smart Home", ("Smart Plug", "Smart Bulb", "Video Doorbell",
                        "Thermostat", "Motion Sensor", "Security Camera"),
                        ("Wi-Fi", "Indoor", "Outdoor", "Voice-Controlled", "Dimmable", "Compact"),
                        (15, 249)),
        ),
    ),
    Category(
        "Home & Kitchen",
        "Cookware, tableware and the small comforts that make a home.",
        ("Nordic", "Hearth & Co", "Casa Verde", "Oakline", "Copperleaf", "Millbrook", "Ember",
         "Saltmarsh"),
        (
            "It is dishwasher safe and easy to clean by hand",
            "The weighted base keeps it steady on any counter",
            "It is finished by hand, so each piece is slightly unique",
            "A lifetime guarantee covers everyday use",
            "It stacks neatly to save cupboard space",
            "Food-safe materials contain no BPA",
        ),
        (
            Subcategory("Cookware", ("Frying Pan", "Saucepan", "Dutch Oven", "Stockpot", "Wok",
                        "Grill Pan"),
                        ("Cast Iron", "Non-Stick", "Stainless Steel", "Enamelled", "Copper",
                         "Carbon Steel"), (19, 229)),
            Subcategory("Tableware", ("Coffee Mug", "Dinner Plate Set", "Pasta Bowl", "Tumbler Set",
                        "Serving Platter", "Teapot"),
                        ("Ceramic", "Stoneware", "Porcelain", "Glass", "Speckled", "Hand-Glazed"),
                        (9, 89), colours=True),
            Subcategory("Kitchen Tools", ("Chef's Knife", "Cutting Board", "Whisk", "Peeler",
                        "Mixing Bowl Set", "Measuring Cups"),
                        ("Bamboo", "Olive Wood", "Stainless Steel", "Silicone", "Professional",
                         "Japanese"), (6, 149)),
            Subcategory("Bedding", ("Duvet Cover", "Sheet Set", "Pillow", "Throw Blanket",
                        "Quilt"),
                        ("Linen", "Cotton", "Bamboo", "Flannel", "Organic", "Waffle-Knit"),
                        (24, 199), colours=True),
            Subcategory("Home Decor", ("Vase", "Candle", "Picture Frame", "Wall Clock",
                        "Table Lamp", "Cushion Cover"),
                        ("Ceramic", "Rattan", "Brass", "Marble", "Scented", "Minimalist"),
                        (12, 129)),
        ),
    ),
    Category(
        "Clothing",
        "Everyday wear for every season, from basics to outerwear.",
        ("Northway", "Loom & Thread", "Harbor", "Fieldcraft", "Urbanist", "Meridian", "Cove",
         "Alder"),
        (
            "It is cut for a relaxed, true-to-size fit",
            "Pre-washed fabric means it will not shrink",
            "Reinforced seams hold up to years of wear",
            "It is machine washable on a cold cycle",
            "The breathable weave keeps you comfortable all day",
            "Made in a certified fair-trade factory",
        ),
        (
            Subcategory("Men's Tops", ("T-Shirt", "Polo Shirt", "Oxford Shirt", "Henley",
                        "Sweatshirt"),
                        ("Cotton", "Linen", "Slim-Fit", "Organic", "Classic", "Striped"), (14, 79),
                        sizes="clothing", colours=True),
            Subcategory("Women's Tops", ("Blouse", "Tank Top", "Cardigan", "Tunic",
                        "Crewneck Sweater"),
                        ("Silk", "Cotton", "Relaxed", "Merino", "Cropped", "Ribbed"), (16, 99),
                        sizes="clothing", colours=True),
            Subcategory("Trousers & Jeans", ("Jeans", "Chinos", "Joggers", "Cargo Trousers",
                        "Wide-Leg Trousers"),
                        ("Stretch", "Straight-Leg", "Tapered", "Corduroy", "Relaxed", "Slim"),
                        (29, 119), sizes="clothing", colours=True),
            Subcategory("Outerwear", ("Rain Jacket", "Puffer Jacket", "Wool Coat", "Fleece Jacket",
                        "Denim Jacket", "Parka"),
                        ("Waterproof", "Insulated", "Lightweight", "Packable", "Quilted", "Hooded"),
                        (49, 299), sizes="clothing", colours=True),
            Subcategory("Kids' Clothing", ("Dungarees", "Pyjama Set", "Hoodie", "T-Shirt",
                        "Raincoat"),
                        ("Organic", "Cosy", "Printed", "Soft", "Colourful", "Playful"), (12, 49),
                        sizes="kids", colours=True),
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
            Subcategory("Running Shoes", ("Running Shoes", "Trail Runners", "Racing Flats",
                        "Road Trainers"),
                        ("Cushioned", "Lightweight", "Responsive", "Stability", "Neutral",
                         "Carbon"),
                        (59, 219), sizes="shoes", colours=True),
            Subcategory("Boots", ("Hiking Boots", "Chelsea Boots", "Ankle Boots", "Work Boots",
                        "Snow Boots"),
                        ("Leather", "Waterproof", "Suede", "Insulated", "Lace-Up", "Rugged"),
                        (69, 259), sizes="shoes", colours=True),
            Subcategory("Sneakers", ("Sneakers", "High-Tops", "Slip-Ons", "Court Shoes"),
                        ("Canvas", "Leather", "Retro", "Knit", "Classic", "Platform"), (39, 149),
                        sizes="shoes", colours=True),
            Subcategory("Sandals & Slippers", ("Sandals", "Slides", "Slippers", "Flip-Flops",
                        "Clogs"),
                        ("Cork", "Memory Foam", "Sheepskin", "Recycled", "Woven", "Adjustable"),
                        (19, 99), sizes="shoes", colours=True),
        ),
    ),
    Category(
        "Sports & Outdoors",
        "Gear for camping, cycling, training and getting outside.",
        ("Summit", "Ridgeback", "Bluewater", "Trailmark", "Apex", "Wildfern", "Granite",
         "Northstar"),
        (
            "It packs down small for travel",
            "Weather-resistant materials cope with rain and wind",
            "It was tested by guides over a full season",
            "A carry bag is included",
            "It sets up in minutes without tools",
            "Reflective details add visibility at dusk",
        ),
        (
            Subcategory("Camping & Hiking", ("Tent", "Sleeping Bag", "Backpack", "Camping Stove",
                        "Headlamp", "Trekking Poles"),
                        ("Ultralight", "Two-Person", "Waterproof", "Four-Season", "Compact",
                         "Rechargeable"), (19, 399)),
            Subcategory("Fitness", ("Yoga Mat", "Dumbbell Set", "Resistance Bands", "Kettlebell",
                        "Foam Roller", "Jump Rope"),
                        ("Non-Slip", "Adjustable", "Cork", "Heavy-Duty", "Travel", "Eco"),
                        (12, 249)),
            Subcategory("Cycling", ("Bike Helmet", "Bike Light Set", "Bike Lock", "Cycling Gloves",
                        "Water Bottle Cage", "Saddle Bag"),
                        ("Aero", "Commuter", "Reflective", "Gel", "Carbon", "Urban"), (9, 179)),
            Subcategory("Water Sports", ("Swim Goggles", "Snorkel Set", "Dry Bag", "Beach Towel",
                        "Paddle Board Leash"),
                        ("Anti-Fog", "Quick-Dry", "Waterproof", "Microfibre", "Pro", "Junior"),
                        (9, 129), colours=True),
        ),
    ),
    Category(
        "Beauty & Personal Care",
        "Skincare, hair care and grooming essentials.",
        ("Aurea", "Bloom & Birch", "Pure Ritual", "Solstice", "Verdant", "Lumiere", "Halcyon",
         "Sage Lane"),
        (
            "Dermatologists tested it on sensitive skin",
            "It is free from parabens and synthetic fragrance",
            "A little goes a long way, so one bottle lasts for months",
            "The recyclable packaging is made from post-consumer plastic",
            "It is vegan and never tested on animals",
            "Its light texture absorbs quickly without residue",
        ),
        (
            Subcategory("Skincare", ("Face Moisturiser", "Cleanser", "Serum", "Eye Cream",
                        "Sunscreen SPF 50", "Face Mask"),
                        ("Hydrating", "Vitamin C", "Gentle", "Night", "Brightening", "Calming"),
                        (9, 79)),
            Subcategory("Hair Care", ("Shampoo", "Conditioner", "Hair Oil", "Styling Cream",
                        "Hair Dryer", "Wide-Tooth Comb"),
                        ("Argan", "Volumising", "Repairing", "Curl-Defining", "Ionic", "Coconut"),
                        (7, 129)),
            Subcategory("Bath & Body", ("Body Wash", "Body Lotion", "Bath Salts", "Hand Cream",
                        "Soap Bar Set"),
                        ("Lavender", "Oat", "Eucalyptus", "Shea", "Citrus", "Unscented"), (6, 45)),
            Subcategory("Grooming", ("Electric Shaver", "Beard Trimmer", "Razor", "Beard Oil",
                        "Nail Clipper Set"),
                        ("Cordless", "Precision", "Travel", "Stainless Steel", "Sandalwood",
                         "Waterproof"), (8, 149)),
        ),
    ),
    Category(
        "Grocery",
        "Pantry staples, snacks, coffee and tea.",
        ("Green Acre", "Harvest Lane", "Little Farm", "Sunfield", "Old Mill", "Wildflower",
         "Riverbend", "Golden Spoon"),
        (
            "It is made in small batches for better flavour",
            "Every ingredient is certified organic",
            "A resealable pack keeps it fresh",
            "It contains no artificial colours or preservatives",
            "It is sourced directly from family farms",
            "It is suitable for vegetarians",
        ),
        (
            Subcategory("Coffee & Tea", ("Ground Coffee", "Coffee Beans", "Green Tea",
                        "Breakfast Tea", "Herbal Tea", "Cold Brew Concentrate"),
                        ("Dark Roast", "Medium Roast", "Organic", "Decaf", "Single-Origin",
                         "Loose-Leaf"), (5, 34)),
            Subcategory("Snacks", ("Trail Mix", "Granola Bars", "Dark Chocolate", "Popcorn",
                        "Rice Crackers", "Dried Mango"),
                        ("Salted", "Honey", "Spicy", "Sea Salt", "Sweet", "Crunchy"), (3, 19)),
            Subcategory("Pantry", ("Olive Oil", "Pasta", "Basmati Rice", "Maple Syrup",
                        "Peanut Butter", "Tomato Sauce"),
                        ("Extra Virgin", "Whole Wheat", "Organic", "Smooth", "Pure", "Italian"),
                        (3, 29)),
            Subcategory("Breakfast", ("Granola", "Porridge Oats", "Muesli", "Pancake Mix",
                        "Fruit Jam"),
                        ("Gluten-Free", "Maple Pecan", "Berry", "Wholegrain", "Apricot",
                         "Cinnamon"), (3, 15)),
        ),
    ),
    Category(
        "Toys & Games",
        "Board games, puzzles, building sets and outdoor play.",
        ("Kidsmith", "Playwell", "Brightbox", "Tinker Town", "Puzzlewood", "Jolly Fox",
         "Marble Hill", "Starling"),
        (
            "It is recommended for ages six and up",
            "All paints and finishes are non-toxic",
            "Clear illustrated instructions are included",
            "It encourages problem solving and cooperation",
            "Sturdy parts survive years of play",
            "It stores neatly in its own box",
        ),
        (
            Subcategory("Board Games", ("Strategy Game", "Family Board Game", "Card Game",
                        "Party Game", "Word Game"),
                        ("Classic", "Cooperative", "Travel", "Deluxe", "Quick-Play", "Fantasy"),
                        (12, 69)),
            Subcategory("Puzzles", ("Jigsaw Puzzle", "Puzzle Cube", "Brain Teaser Set",
                        "3D Puzzle"),
                        ("1000-Piece", "500-Piece", "Wooden", "Panoramic", "Metal",
                         "Glow-in-the-Dark"),
                        (9, 49)),
            Subcategory("Building Sets", ("Building Blocks", "Marble Run", "Robot Kit",
                        "Construction Set", "Magnetic Tiles"),
                        ("Wooden", "Starter", "Creative", "Motorised", "Jumbo", "STEM"), (19, 149)),
            Subcategory("Outdoor Play", ("Kite", "Water Blaster", "Skipping Rope", "Scooter",
                        "Bubble Machine", "Frisbee"),
                        ("Stunt", "Folding", "Light-Up", "Giant", "Classic", "Kids"), (7, 119),
                        colours=True),
        ),
    ),
    Category(
        "Books",
        "Fiction, cookbooks, children's books and guides.",
        ("Lantern Press", "Quill House", "Blue Heron Books", "Paperlane", "Westbrook", "Inkwell",
         "Foxglove Press", "Harper Row"),
        (
            "This edition includes a new afterword",
            "It was a bestseller for twelve weeks",
            "Readers praise its clear, warm writing",
            "The hardback is printed on heavy, acid-free paper",
            "It includes illustrations throughout",
            "Book clubs will find discussion questions at the back",
        ),
        (
            Subcategory("Fiction", ("Novel", "Short Story Collection", "Mystery", "Thriller",
                        "Fantasy Saga"),
                        ("Award-Winning", "Gripping", "Coastal", "Historical", "Literary",
                         "Paperback"), (8, 32)),
            Subcategory("Cookbooks", ("Cookbook", "Baking Book", "Recipe Collection",
                        "Kitchen Handbook"),
                        ("Vegetarian", "Weeknight", "Mediterranean", "Plant-Based", "Family",
                         "One-Pot"), (14, 45)),
            Subcategory("Children's Books", ("Picture Book", "Bedtime Stories", "Activity Book",
                        "First Reader", "Atlas for Kids"),
                        ("Illustrated", "Lift-the-Flap", "Rhyming", "Board", "Animal", "Adventure"),
                        (6, 24)),
            Subcategory("Travel Guides", ("Travel Guide", "Road Atlas", "Hiking Guide",
                        "City Guide", "Phrasebook"),
                        ("Pocket", "Essential", "Complete", "Walking", "Budget", "Illustrated"),
                        (9, 35)),
        ),
    ),
    Category(
        "Office Supplies",
        "Notebooks, pens, desk organisers and everything for the home office.",
        ("Scribe", "Deskwise", "Papermoon", "Inkling", "Marlowe", "Studio Nine", "Clearfile",
         "Fenwick"),
        (
            "Fountain-pen-friendly paper resists bleed-through",
            "It is refillable to cut waste",
            "Rounded corners survive daily carrying",
            "It comes in a gift-ready box",
            "Recycled materials make up most of its weight",
            "It fits neatly in a standard desk drawer",
        ),
        (
            Subcategory("Notebooks & Paper", ("Notebook", "Planner", "Sketchbook", "Sticky Notes",
                        "Journal"),
                        ("Dotted", "Lined", "Hardcover", "A5", "Weekly", "Spiral"), (4, 39),
                        colours=True),
            Subcategory("Pens & Pencils", ("Fountain Pen", "Gel Pen Set", "Mechanical Pencil",
                        "Highlighter Set", "Fineliner Set"),
                        ("Brass", "Retractable", "Pastel", "Fine-Tip", "Refillable", "Classic"),
                        (3, 89)),
            Subcategory("Desk Organisation", ("Desk Organiser", "File Folder Set", "Pen Holder",
                        "Monitor Riser", "Drawer Tray", "Cable Box"),
                        ("Bamboo", "Metal Mesh", "Felt", "Walnut", "Stackable", "Acrylic"),
                        (8, 79)),
            Subcategory("Office Furniture", ("Desk Chair", "Standing Desk", "Footrest",
                        "Bookshelf", "Filing Cabinet"),
                        ("Ergonomic", "Adjustable", "Mesh", "Oak", "Compact", "Mobile"),
                        (39, 499)),
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
    "Olivia", "Liam", "Ava", "Noah", "Sophia", "Mason", "Isabella", "Lucas", "Mia", "Ethan",
    "Amelia", "James", "Harper", "Benjamin", "Evelyn", "Elijah", "Abigail", "Henry", "Charlotte",
    "Alexander", "Grace", "Daniel", "Chloe", "Samuel", "Zoe", "David", "Nora", "Gabriel", "Lily",
    "Julian", "Hannah", "Mateo", "Aria", "Leo", "Layla", "Owen", "Priya", "Ryan", "Sofia",
    "Nathan", "Maya", "Aaron", "Leah", "Omar", "Ruby", "Victor", "Ines", "Kenji", "Fatima", "Tomas",
)

LAST_NAMES = (
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez",
    "Martinez", "Hernandez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson",
    "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez",
    "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres",
    "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera",
    "Campbell", "Mitchell", "Carter", "Roberts", "Patel", "Kim",
)

STREET_NAMES = (
    "Maple", "Oak", "Cedar", "Pine", "Elm", "Willow", "Lakeview", "Hillcrest", "Sunset",
    "Park", "River", "Meadow", "Highland", "Church", "Mill", "Spring", "Forest", "Chestnut",
    "Harbor", "Valley", "Birch", "Ridge", "Washington", "Lincoln", "Franklin",
)

STREET_KINDS = ("Street", "Avenue", "Road", "Lane", "Drive", "Court", "Boulevard", "Way")

CITIES = (
    # city, state, ZIP prefix, telephone area code
    ("Portland", "OR", "972", "503"), ("Seattle", "WA", "981", "206"),
    ("Austin", "TX", "787", "512"), ("Denver", "CO", "802", "303"),
    ("Boston", "MA", "021", "617"), ("Chicago", "IL", "606", "312"),
    ("Minneapolis", "MN", "554", "612"), ("Raleigh", "NC", "276", "919"),
    ("San Diego", "CA", "921", "619"), ("Sacramento", "CA", "958", "916"),
    ("Phoenix", "AZ", "850", "602"), ("Nashville", "TN", "372", "615"),
    ("Pittsburgh", "PA", "152", "412"), ("Madison", "WI", "537", "608"),
    ("Salt Lake City", "UT", "841", "801"), ("Columbus", "OH", "432", "614"),
    ("Atlanta", "GA", "303", "404"), ("Baltimore", "MD", "212", "410"),
    ("Burlington", "VT", "054", "802"), ("Santa Fe", "NM", "875", "505"),
)

ADDRESS_EXTRAS = ("", "", "", "Apt 4B", "Unit 12", "Suite 300", "Apt 2", "Floor 3")

REVIEW_TITLES = {
    5: ("Absolutely love it", "Exceeded my expectations", "Perfect", "Best purchase this year",
        "Five stars, no question", "Exactly what I wanted"),
    4: ("Really good", "Very happy with it", "Great value", "Solid choice", "Would buy again",
        "Nearly perfect"),
    3: ("It's okay", "Does the job", "Mixed feelings", "Average", "Fine for the price",
        "Not bad, not great"),
    2: ("Disappointed", "Not as described", "Expected more", "Quality could be better",
        "Meh"),
    1: ("Returned it", "Poor quality", "Would not recommend", "Broke quickly", "Waste of money"),
}

REVIEW_SENTENCES = {
    5: (
        "The {noun} {is} even better than the photos suggest.",
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
        "It looked nothing like the pictures.",
        "I sent it back and ordered something else.",
        "Very poor quality for {price}.",
        "I will not buy from {brand} again.",
    ),
}
