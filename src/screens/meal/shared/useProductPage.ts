import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { productsQuery } from '../../../../services/mall/catalogue.ts';
import { useOrgQueryKey } from './useOrgQueryKey.ts';

/** A searchable page of the org's products (for the image and test report screens). */
export function useProductPage(scope: string, size = 20) {
  const { orgApp, ready } = useOrgQueryKey();
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const q = { name: name || undefined, $limit: size, $skip: page * size };
  const query = useQuery({ ...productsQuery(orgApp?.orgId, orgApp?.appId, scope, q), enabled: ready, placeholderData: keepPreviousData });
  return { query, name, setName: (v: string) => { setName(v); setPage(0); }, page, setPage, size };
}
