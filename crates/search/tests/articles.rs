//! Help articles: both engines (tantivy, a real Meilisearch) match them by the products'
//! rules, the title weighing most, and keep them apart from the products.

mod common;

use bazaar_search::{ArticleDoc, SearchIndex, SearchQuery};
use uuid::Uuid;

fn id(n: u128) -> Uuid {
    Uuid::from_u128(n)
}

fn articles() -> Vec<ArticleDoc> {
    let a = |n, title: &str, category: &str, summary: &str, body: &str| ArticleDoc {
        id: id(n),
        title: title.into(),
        category: category.into(),
        summary: summary.into(),
        body: body.into(),
    };
    vec![
        a(
            1,
            "Tracking your order",
            "Orders & delivery",
            "Follow each part.",
            "Open **Orders** and choose Track parcel.",
        ),
        a(
            2,
            "Delivery times and costs",
            "Orders & delivery",
            "Standard shipping.",
            "Orders over R450 ship free. Tracking starts when a store ships.",
        ),
        a(
            3,
            "Paying with PayFast",
            "Payments",
            "Card and instant EFT.",
            "Checkout hands you to PayFast.",
        ),
        a(
            4,
            "Earning and spending points",
            "Payments",
            "Points from orders.",
            "Spend points at checkout.",
        ),
        a(
            5,
            "Becoming a vendor",
            "Selling on bazaar",
            "Apply to open your store.",
            "Choose Register as Vendor.",
        ),
    ]
}

async fn found(index: &dyn SearchIndex, q: &str) -> Vec<u128> {
    index
        .search_articles(q, 20)
        .await
        .expect("the search runs")
        .iter()
        .map(Uuid::as_u128)
        .collect()
}

async fn the_rules(index: &dyn SearchIndex) {
    index
        .upsert_articles(articles())
        .await
        .expect("articles load");
    // A title match beats one in the body.
    assert_eq!(found(index, "tracking").await, [1, 2]);
    // One typo in a word of 5 to 8 letters, the last word as a prefix, in any field.
    assert_eq!(found(index, "trakcing").await, [1, 2]);
    assert_eq!(found(index, "payf").await, [3]);
    assert_eq!(
        found(index, "instant eft").await,
        [3],
        "the summary is searched"
    );
    assert_eq!(
        found(index, "selling").await,
        [5],
        "the category is searched"
    );
    // Every word must match.
    assert_eq!(found(index, "payfast vendor").await, Vec::<u128>::new());
    assert_eq!(found(index, "   ").await, Vec::<u128>::new());
    // The limit holds.
    assert_eq!(index.search_articles("orders", 1).await.unwrap().len(), 1);

    // Written again: the new words replace the old.
    let mut renamed = articles().remove(4);
    renamed.title = "Opening a store".into();
    renamed.summary = String::new();
    renamed.body = "Apply from seller sign-up.".into();
    index.upsert_articles(vec![renamed]).await.unwrap();
    assert_eq!(found(index, "vendor").await, Vec::<u128>::new());
    assert_eq!(found(index, "opening store").await, [5]);

    index.delete_articles(&[id(3), id(99)]).await.unwrap();
    assert_eq!(found(index, "payfast").await, Vec::<u128>::new());

    // Products never meet articles.
    let products = index.search(&SearchQuery::default()).await.unwrap();
    assert_eq!(products.total, 0, "no article among the products");
    assert_eq!(index.count().await.unwrap(), 0);
}

#[tokio::test]
async fn tantivy_searches_articles_by_the_rules() {
    let (index, _guard) = common::tantivy().await;
    the_rules(&*index).await;
}

#[tokio::test]
async fn meilisearch_searches_articles_by_the_rules() {
    let (index, _guard) = common::meilisearch().await;
    // Deleting and searching before any article was written: nothing, no error.
    index.delete_articles(&[id(1)]).await.unwrap();
    assert_eq!(found(&*index, "tracking").await, Vec::<u128>::new());
    the_rules(&*index).await;
}
