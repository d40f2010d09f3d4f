import { useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { useDocumentTitle } from '../../../hooks/use-document-title';

const FILTER_TITLES = { all: 'All Posts', friends: "Friends' Posts", mine: 'My Posts' } as const;
type BlogFilter = keyof typeof FILTER_TITLES;

function toFilter(value: string | null): BlogFilter {
  return value === 'friends' || value === 'mine' ? value : 'all';
}

/** The review feed (`/blog?filter=all|friends|mine`); posts arrive with the blog issue. */
export function BlogPage() {
  useDocumentTitle('Blog');
  const [searchParams] = useSearchParams();
  const filter = toFilter(searchParams.get('filter'));
  return (
    <div className="page">
      <h1>Blog</h1>
      <h2 className="blog__filter">{FILTER_TITLES[filter]}</h2>
      <p className="empty">
        {filter === 'friends' ? messages.blog.noFriendsPosts : messages.blog.noPosts}
      </p>
    </div>
  );
}
